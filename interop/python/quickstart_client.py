"""The official MCP Python SDK's client against the quickstart server's
three tools, over Streamable HTTP, as a person with a browser would use
them.

It starts the server command given after `--` with `--listen 127.0.0.1:0`,
reads the address it prints, and for each connection mode (the SDK's
default, which takes 2026-07-28, and `legacy`, the 2025-11-25 handshake):

1. `book_table`: answers the form with a party of 40, checks the server
   asks again with the error in its message and the valid answers kept as
   defaults, answers again, and checks the booking;
2. `plan_trip`: answers where, checks the second question names the city,
   answers when, and checks the plan;
3. `connect_account`: checks the URL request, fills in the page as a
   browser does (opens it, posts the account and an API key with the page's
   token), consents, and checks the account is connected and the key never
   came back.

Usage: quickstart_client.py -- SERVER COMMAND...
It exits 1 with a message naming the first check that failed.
"""

import asyncio
import html
import re
import subprocess
import sys
from typing import Any

import httpx2 as httpx
from interop_checks import check, report, split_server
from mcp import Client, types
from mcp.client.streamable_http import streamable_http_client

API_KEY = "sk-live-0123456789abcdef"


class Person:
    """Answers the server's forms as a person would, in turn."""

    def __init__(self) -> None:
        self.asked: list[Any] = []

    async def answer(self, context: Any, params: Any) -> types.ElicitResult:
        self.asked.append(params)
        if getattr(params, "mode", None) == "url":
            await fill_in(params.url)
            return types.ElicitResult(action="accept")
        fields = params.requested_schema["properties"]
        if "party_size" in fields:
            size = 40 if sum("party_size" in str(a) for a in self.asked) == 1 else 4
            content = {"date": "2026-12-24", "party_size": size, "email": "ada@example.org"}
        elif "city" in fields:
            content = {"city": "Lisbon"}
        else:
            content = {"arrival": "2027-03-01", "nights": 3}
        return types.ElicitResult(action="accept", content=content)


async def fill_in(url: str) -> None:
    """Opens the page at `url` and submits the account and the API key
    with the page's own token, as a browser does."""
    check(url.startswith("http://127.0.0.1:"), f"the page is not on the server: {url}")
    origin = re.match(r"https?://[^/]+", url).group(0)
    async with httpx.AsyncClient() as browser:
        page = await browser.get(url)
        check(page.status_code == 200, f"the page answered {page.status_code}")
        token = re.search(r'name="elicit-csrf" value="([^"]+)"', page.text)
        check(token is not None, "the page has no form token")
        action = re.search(r'<form[^>]*action="([^"]+)"', page.text)
        check(action is not None, "the page has no form")
        target = html.unescape(action.group(1))
        if target.startswith("/"):
            target = origin + target
        fields = {
            "elicit-csrf": html.unescape(token.group(1)),
            "account": "ada-weather",
            "api_key": API_KEY,
            "elicit-action": "accept",
        }
        posted = await browser.post(target, data=fields, headers={"Origin": origin})
        check(posted.status_code < 400, f"the page refused the answer: {posted.status_code}")


def texts(result: Any) -> str:
    return "\n".join(block.text for block in result.content if getattr(block, "type", None) == "text")


async def run(url: str, mode: "str | None") -> None:
    person = Person()
    options = {} if mode is None else {"mode": mode}
    async with Client(streamable_http_client(url), elicitation_callback=person.answer, **options) as client:
        version = client.protocol_version
        label = mode or "default"
        print(f"== {label}: connected at {version}")
        expected = "2025-11-25" if mode == "legacy" else "2026-07-28"
        check(version == expected, f"the {label} mode negotiated {version}, not {expected}")

        booked = await client.call_tool("book_table", {})
        check(not booked.is_error, f"book_table failed: {texts(booked)}")
        check(texts(booked) == "booked 4 seats on 2026-12-24 for ada@example.org", f"book_table said: {texts(booked)}")
        forms = [a for a in person.asked if "party_size" in str(a)]
        check(len(forms) == 2, f"the booking form was asked {len(forms)} times, not twice")
        again = forms[1]
        check("`party_size` must be at most 12" in again.message, f"the second ask does not say why: {again.message}")
        defaults = again.requested_schema["properties"]
        check(defaults["date"].get("default") == "2026-12-24", "the valid date is not kept as the default")

        planned = await client.call_tool("plan_trip", {})
        check(texts(planned) == "3 nights in Lisbon from 2027-03-01", f"plan_trip said: {texts(planned)}")
        check(any(a.message == "When would you like to go to Lisbon?" for a in person.asked), "the second question does not name the city")

        connected = await client.call_tool("connect_account", {})
        text = texts(connected)
        check(not connected.is_error, f"connect_account failed: {text}")
        check(text == f"connected ada-weather with a key of {len(API_KEY)} characters", f"connect_account said: {text}")
        check(API_KEY not in str(connected), "the API key came back to the client")
        check(any(getattr(a, "mode", None) == "url" for a in person.asked), "no URL request was sent")


async def main(argv: list[str]) -> int:
    usage = "quickstart_client.py -- SERVER COMMAND..."
    split = split_server(argv, usage)
    if split is None:
        return 2
    _, server = split
    process = subprocess.Popen([*server, "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline().strip()
        check(line.startswith("listening on "), f"the server did not start: {line!r}")
        url = line.removeprefix("listening on ")
        for mode in (None, "legacy"):
            await run(url, mode)
    except BaseException as error:  # noqa: BLE001 - reported, then the exit status
        return report(error)
    finally:
        process.terminate()
        process.wait()
    print("== quickstart: every tool answered in both modes")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
