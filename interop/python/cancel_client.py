"""The official MCP Python SDK's client, at 2025-11-25 (the `initialize`
handshake), cancelling a tool call while the server waits for its form.

The elicitation callback records the form and waits, as a user who walks
away would. Once the form is shown, the client gives up the call: the SDK
sends `notifications/cancelled` for it. The server must then withdraw its
own `elicitation/create` (its `notifications/cancelled` interrupts the
callback) within ten seconds, and the session must go on serving.

Usage: cancel_client.py [--tool NAME] -- SERVER COMMAND...
It exits 1 with a message naming the first check that failed.
"""

import argparse
import sys
from typing import Any

import anyio
from interop_checks import Failure, check, report, split_server
from mcp import Client, StdioServerParameters, types


class User:
    """Sees the form, and never answers it."""

    def __init__(self) -> None:
        self.shown = anyio.Event()
        self.withdrawn = anyio.Event()
        self.message = ""

    async def answer(self, context: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        self.message = params.message
        self.shown.set()
        try:
            await anyio.sleep_forever()
        except anyio.get_cancelled_exc_class():
            self.withdrawn.set()
            raise
        raise AssertionError("unreachable")


async def run(server: list[str], tool: str) -> None:
    params = StdioServerParameters(command=server[0], args=server[1:])
    user = User()
    async with Client(params, mode="legacy", elicitation_callback=user.answer) as client:
        version = client.protocol_version
        print(f"== connected at {version}, with an elicitation callback that never answers")
        check(version == "2025-11-25", f"the handshake negotiated {version}, not 2025-11-25")

        async with anyio.create_task_group() as group:
            call = anyio.CancelScope()

            async def call_tool() -> None:
                with call:
                    await client.call_tool(tool, {})
                    raise Failure(f"`{tool}` completed, though its form was never answered")

            group.start_soon(call_tool)
            with anyio.move_on_after(10) as shown:
                await user.shown.wait()
            check(not shown.cancelled_caught, f"`{tool}` showed no form within ten seconds")
            print(f"   the form is shown: {user.message!r}; the call is given up")
            call.cancel()
            with anyio.move_on_after(10) as withdrawn:
                await user.withdrawn.wait()
            check(
                not withdrawn.cancelled_caught,
                "the server did not withdraw its form within ten seconds of the cancelled call",
            )
        print("   the server withdrew its form (notifications/cancelled)")

        listed = await client.list_tools()
        check(any(t.name == tool for t in listed.tools), "the session no longer serves after the cancel")
        print("   the session goes on serving")


def main() -> int:
    split = split_server(sys.argv[1:], "cancel_client.py [OPTIONS] -- SERVER COMMAND...")
    if split is None:
        return 2
    options, server = split
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tool", default="book_table", help="the tool to call (default: book_table)")
    tool = parser.parse_args(options).tool
    try:
        anyio.run(run, server, tool)
    except Exception as error:
        return report(error)
    print("python interop: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
