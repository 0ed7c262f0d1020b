"""An official MCP Python SDK client of the 2025-06-18 era (its newest
protocol revision is 2025-06-18), with an elicitation callback, against the
example server's `book_table`.

2025-06-18 has no multi-select, so the server sends the booking form's
dietary needs as one boolean per option. The callback checks the form is a
valid 2025-06-18 form (no arrays), answers it first with a party of 20 and
the booleans for vegan and gluten-free, then, asked again with the error in
the message and the valid answers as defaults, with a party of 4. The
booking must come back with both dietary needs.

Usage: downlevel_client.py -- SERVER COMMAND...
It exits 1 with a message naming the first check that failed.
"""

import asyncio
import sys
from typing import Any

from interop_checks import check, report, split_server
from mcp import ClientSession, StdioServerParameters, types
from mcp.client.stdio import stdio_client

EXPECTED = "booked 4 seats (Indoor) on 2027-03-01 for ada@example.com, dietary needs: Vegan, GlutenFree"


class User:
    """Answers the booking form, first with a party too large."""

    def __init__(self) -> None:
        self.asked: list[types.ElicitRequestParams] = []

    async def answer(self, context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.asked.append(params)
        properties = params.requestedSchema.get("properties", {})
        for name, schema in properties.items():
            check(schema.get("type") != "array", f"`{name}` is an array, which 2025-06-18 cannot express")
        for name in ("dietary_vegan", "dietary_gluten-free", "dietary_nut-free"):
            check(properties.get(name, {}).get("type") == "boolean", f"`{name}` is not a boolean: {properties.get(name)}")
        party = 20 if len(self.asked) == 1 else 4
        content = {
            "date": "2027-03-01",
            "partySize": party,
            "seating": "indoor",
            "dietary_vegan": True,
            "dietary_gluten-free": True,
            "contactEmail": "ada@example.com",
            "newsletter": False,
        }
        return types.ElicitResult(action="accept", content=content)


async def run(server: list[str]) -> None:
    params = StdioServerParameters(command=server[0], args=server[1:])
    user = User()
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=user.answer) as session:
            initialized = await session.initialize()
            version = initialized.protocolVersion
            print(f"== connected at {version}, with an elicitation callback")
            check(version == "2025-06-18", f"negotiated {version}, not 2025-06-18")
            result = await session.call_tool("book_table", {})
            text = "\n".join(block.text for block in result.content if block.type == "text")
            check(not result.isError, f"the booking failed: {text}")
            check(text == EXPECTED, f"the booking reads {text!r}, not {EXPECTED!r}")
    check(len(user.asked) == 2, f"the form was asked {len(user.asked)} times, not twice")
    again = user.asked[1]
    check("`partySize` must be at most 12 (received 20)" in again.message, f"the second message does not say what was wrong: {again.message}")
    defaults = {name: schema.get("default") for name, schema in again.requestedSchema["properties"].items()}
    check(defaults.get("dietary_vegan") is True, f"the valid answer `dietary_vegan` is not offered back: {defaults}")
    check(defaults.get("partySize") is None, f"the invalid party size is offered back: {defaults}")
    print(f"   asked twice, the second time with the error and the valid booleans as defaults; {text}")


def main() -> int:
    split = split_server(sys.argv[1:], "downlevel_client.py -- SERVER COMMAND...")
    if split is None:
        return 2
    _, server = split
    try:
        asyncio.run(run(server))
    except Exception as error:
        return report(error)
    print("python interop (2025-06-18): every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
