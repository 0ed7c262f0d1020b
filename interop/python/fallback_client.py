"""The official MCP Python SDK's client, without an elicitation callback,
against a server whose tool falls back to instructions for the model.

For each connection mode (the 2025-11-25 `initialize` handshake, and
`auto`, which takes 2026-07-28 when the server offers it) it:

1. lists the tools and checks the form's fields are optional arguments;
2. calls the tool with its own arguments only, and checks the result is the
   instructions (`isError: false`, text for the model, `structuredContent`
   with status `input_needed`);
3. calls it again with the instructions' arguments, the placeholders
   replaced by the answers, and checks it succeeds;
4. calls it with invalid answers, and checks the tool error names each of
   them.

Usage: fallback_client.py [OPTIONS] -- SERVER COMMAND...
It exits 1 with a message naming the first check that failed.
"""

import argparse
import asyncio
import json
import sys
from typing import Any

from interop_checks import check, report, split_server
from mcp import Client, StdioServerParameters

BOOKING_ANSWERS = {
    "date": "2026-12-24",
    "partySize": 4,
    "seating": "terrace",
    "dietary": ["vegan"],
    "contactEmail": "ada@example.com",
    "newsletter": False,
}
INVALID_ANSWERS = {"partySize": 40, "contactEmail": "ada"}


def texts(result: Any) -> str:
    return "\n".join(block.text for block in result.content if getattr(block, "type", None) == "text")


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and value.startswith("<") and value.endswith(">")


async def run(mode: str, server: list[str], options: argparse.Namespace) -> None:
    tool = options.tool
    answers: dict[str, Any] = options.answers
    params = StdioServerParameters(command=server[0], args=server[1:])
    async with Client(params, mode=mode) as client:
        version = client.protocol_version
        print(f"== {mode}: connected at {version}, no elicitation callback")
        if mode == "legacy":
            check(version == "2025-11-25", f"the handshake negotiated {version}, not 2025-11-25")

        listed = await client.list_tools()
        found = [t for t in listed.tools if t.name == tool]
        check(bool(found), f"the server lists no tool `{tool}`")
        schema = found[0].input_schema
        properties = schema.get("properties", {})
        required = schema.get("required", [])
        for name in answers:
            check(name in properties, f"`{name}` is not among the arguments of `{tool}`")
            check(name not in required, f"`{name}` is a required argument of `{tool}`, not optional")

        first = await client.call_tool(tool, options.arguments)
        text = texts(first)
        check(not first.is_error, f"the first call failed instead of giving instructions: {text}")
        structured = first.structured_content
        check(isinstance(structured, dict), f"the instructions have no structured content: {text}")
        check(structured.get("status") == "input_needed", f"the structured content is not instructions: {structured}")
        check(structured.get("tool") == tool, f"the instructions name the tool {structured.get('tool')!r}")
        check(f"call `{tool}` again" in text, f"the text does not say to call `{tool}` again: {text}")
        check(structured.get("message", "") in text, "the text does not carry the message")
        for name in answers:
            check(f"- `{name}`" in text, f"the text has no line for `{name}`: {text}")
        form = structured.get("requestedSchema", {}).get("properties", {})
        check(set(answers) <= set(form), f"the requested schema lacks fields: {sorted(set(answers) - set(form))}")
        print(f"   instructions received ({len(text)} characters, {len(form)} fields)")

        arguments = dict(structured.get("arguments", {}))
        arguments.update(answers)
        left = [name for name, value in arguments.items() if is_placeholder(value)]
        check(not left, f"no answer for the placeholders of {left}: give them with --answers")
        second = await client.call_tool(tool, arguments)
        done = texts(second)
        check(not second.is_error, f"the call with the answers failed: {done}")
        check(
            not (isinstance(second.structured_content, dict) and second.structured_content.get("status") == "input_needed"),
            f"the call with the answers got instructions again: {done}",
        )
        if options.expect is not None:
            check(options.expect in done, f"the result lacks {options.expect!r}: {done}")
        print(f"   answered: {done}")

        bad = dict(arguments)
        bad.update(options.invalid)
        third = await client.call_tool(tool, bad)
        refused = texts(third)
        check(third.is_error, f"invalid answers were not refused: {refused}")
        for name in options.invalid:
            check(f"`{name}`" in refused, f"the tool error does not name `{name}`: {refused}")
        print(f"   invalid answers refused, naming {', '.join(sorted(options.invalid))}")


def json_object(text: str) -> dict[str, Any]:
    value = json.loads(text)
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"not a JSON object: {text}")
    return value


def main() -> int:
    split = split_server(sys.argv[1:], "fallback_client.py [OPTIONS] -- SERVER COMMAND...")
    if split is None:
        return 2
    arguments, server = split
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default="book_table", help="the tool to call (default: book_table)")
    parser.add_argument("--arguments", type=json_object, default={}, help="the tool's own arguments, a JSON object")
    parser.add_argument("--answers", type=json_object, default=BOOKING_ANSWERS, help="the user's answers, a JSON object")
    parser.add_argument("--invalid", type=json_object, default=INVALID_ANSWERS, help="invalid answers, a JSON object")
    parser.add_argument("--expect", default=None, help="text the answered call's result must contain")
    parser.add_argument("--modes", default="legacy,auto", help="connection modes, comma-separated (default: legacy,auto)")
    options = parser.parse_args(arguments)
    try:
        for mode in options.modes.split(","):
            asyncio.run(run(mode, server, options))
    except Exception as error:
        return report(error)
    print("python interop: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
