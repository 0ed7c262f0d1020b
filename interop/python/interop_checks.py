"""What the interop clients share: a failed check, the server command after
`--`, and how a run that raised is reported."""

import sys


class Failure(Exception):
    """A check that failed."""


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


def split_server(argv: list[str], usage: str) -> "tuple[list[str], list[str]] | None":
    """The options before `--` and the server command after it; `None`,
    after saying so, when there is no command."""
    if "--" not in argv or not argv[argv.index("--") + 1 :]:
        print(f"error: give the server command after `--`: {usage}", file=sys.stderr)
        return None
    split = argv.index("--")
    return argv[:split], argv[split + 1 :]


def leaves(error: BaseException) -> list[BaseException]:
    """The exceptions inside `error`, out of the exception groups the
    client's task groups wrap them in."""
    inner = getattr(error, "exceptions", None)
    if not inner:
        return [error]
    return [leaf for each in inner for leaf in leaves(each)]


def report(error: BaseException) -> int:
    """Says why a run failed: the first failed check, or else everything
    the client or the server raised; the exit status, 1."""
    found = leaves(error)
    failure = next((leaf for leaf in found if isinstance(leaf, Failure)), None)
    if failure is not None:
        print(f"error: {failure}", file=sys.stderr)
    else:  # the client or the server broke
        described = "; ".join(f"{type(leaf).__name__}: {leaf}" for leaf in found)
        print(f"error: the session failed: {described}", file=sys.stderr)
    return 1
