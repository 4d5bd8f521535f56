"""The command line's argparse: every mistake in one line and exit code 2, in words a player reads."""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NoReturn

OWN_WORDS = re.compile(r"^argument (\S+): (?=\1 )")
"""argparse's "argument --heat: " before a message that starts with the option as typed (`builder.numbers`)."""
UNKNOWN_CHOICE = re.compile(r"argument ((?!-)\S+): invalid choice: (.*) \(choose from (.*)\)$")
"""argparse's words for a first word it does not know: a subcommand's (after `share`, `battle`…, named by its `dest`
or metavar) or another positional's (ACTION), not an option's."""


class Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line (it already does) and never prints a traceback."""

    subcommands_named: frozenset[str] = frozenset()
    """How argparse names this parser's subcommands in a message (their `dest`, or their metavar: WHAT)."""

    subcommands: Mapping[str, argparse.ArgumentParser] = MappingProxyType({})
    """This parser's subcommands by their words, as they are added (the subparsers action's public `choices`)."""

    def add_subparsers(self, **options: Any) -> Any:
        self.subcommands_named = frozenset(str(options[key]) for key in ("dest", "metavar") if options.get(key))
        action = super().add_subparsers(**options)
        self.subcommands = MappingProxyType(action.choices)
        return action

    def error(self, message: str) -> NoReturn:
        message = OWN_WORDS.sub("", message)  # a number out of range says its option itself (`number_type`)
        if found := UNKNOWN_CHOICE.match(message):  # argparse names its own `dest`, which says nothing to a player
            name, value, choices = found.group(1), found.group(2), found.group(3).replace("'", "").split(", ")
            named = f"{', '.join(choices[:-1])} or {choices[-1]}" if len(choices) > 1 else choices[0]
            message = (
                f"{value} is none of {named} (`{self.prog} --help`)"  # another positional: ACTION
                if name not in self.subcommands_named
                else f"{value} is not a subcommand of `{self.prog}`: choose {named} (`{self.prog} {choices[0]} --help`)"
            )
        self.exit(2, f"warbench: {message}\n")
