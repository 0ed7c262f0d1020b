"""The official MCP Python SDK's client at 2026-07-28, against a server whose
tool asks a form as a web page (URL mode), with a person in a browser on the
other end of its standard streams.

It calls the tool over Streamable HTTP with `Authorization: Bearer TOKEN`;
when the server asks for the URL-mode elicitation, the callback:

1. checks the request is URL mode with an `http(s)` URL and a message;
2. writes `open URL` on its own line to standard output and waits for one
   line on standard input: `submitted` when the person has filled in and
   sent the page (the callback then accepts), anything else declines;

the SDK retries the call with the answer, and the script checks the tool's
result is no error and, with `--expect`, reads TEXT. It ends by writing
`result: TEXT`.

Usage: web_form_client.py --url MCP_URL --bearer TOKEN --tool NAME [--expect TEXT]
It exits 1 with a message naming the first check that failed.
"""

import argparse
import asyncio
import sys
from typing import Any

from interop_checks import Failure, check
from mcp import Client, types
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


class Person:
    """Hands the URL to the person at the browser and waits for them."""

    def __init__(self) -> None:
        self.asked: list[Any] = []

    async def answer(self, context: Any, params: Any) -> types.ElicitResult:
        self.asked.append(params)
        check(getattr(params, "mode", None) == "url", f"the request is not URL mode: {params!r}")
        url = params.url
        check(url.startswith(("http://", "https://")), f"the URL is not a web page: {url}")
        check(bool(params.message), "the URL request has no message for the person")
        print(f"open {url}", flush=True)
        line = await asyncio.to_thread(sys.stdin.readline)
        if line.strip() == "submitted":
            return types.ElicitResult(action="accept")
        return types.ElicitResult(action="decline")


async def run(options: argparse.Namespace) -> None:
    person = Person()
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {options.bearer}"})
    async with http:
        transport = streamable_http_client(options.url, http_client=http)
        async with Client(transport, mode="2026-07-28", elicitation_callback=person.answer) as client:
            version = client.protocol_version
            print(f"== connected at {version}, with an elicitation callback", flush=True)
            check(version == "2026-07-28", f"connected at {version}, not 2026-07-28")
            result = await client.call_tool(options.tool, {})
            text = "\n".join(block.text for block in result.content if getattr(block, "type", None) == "text")
            check(not result.is_error, f"the tool failed: {text}")
            if options.expect is not None:
                check(text == options.expect, f"the tool's result reads {text!r}, not {options.expect!r}")
    check(len(person.asked) == 1, f"the URL was asked {len(person.asked)} times, not once")
    print(f"result: {text}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="the server's MCP endpoint")
    parser.add_argument("--bearer", required=True, help="the user's bearer token")
    parser.add_argument("--tool", required=True, help="the tool that asks a web form")
    parser.add_argument("--expect", help="the text the tool's result must read")
    options = parser.parse_args()
    try:
        asyncio.run(run(options))
    except Failure as failure:
        print(f"error: {failure}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
