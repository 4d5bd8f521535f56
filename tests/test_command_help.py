"""Every subcommand's own `--help` says first what it does, in the words its group lists it by."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout

import pytest

from builder.cli import main

CHOICES = re.compile(r"\{([\w,-]+)\}\s+\.\.\.")


def help_of(words: list[str]) -> str:
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit) as done:
        main([*words, "--help"])
    assert done.value.code == 0
    return out.getvalue()


def subcommands(words: list[str]) -> list[list[str]]:
    """Every command line under `words` that a group's usage offers (`{list,check,…} ...`), groups included."""
    found = CHOICES.search(help_of(words).split("\n\n")[0])
    if not found or (words and words[-1] == "battle"):  # battle's first word may be a file: its usage lists none
        return []
    return [[*words, name] for name in found.group(1).split(",")]


def every_command() -> list[list[str]]:
    commands, waiting = [], subcommands([])
    while waiting:
        words = waiting.pop(0)
        commands.append(words)
        waiting += subcommands(words)
    return commands


def test_each_subcommands_help_opens_with_what_it_does():
    commands = every_command()
    assert ["narrative", "turn"] in commands and ["catalog", "share"] in commands and len(commands) >= 40
    for words in commands:
        paragraphs = help_of(words).split("\n\n")
        description = " ".join(paragraphs[1].split())
        assert description[0].isupper() and description.endswith("."), (words, description)
    assert " ".join(help_of(["narrative", "turn"]).split("\n\n")[1].split()) == "The next game turn of the stage."
