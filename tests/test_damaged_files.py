"""Property test: every reader (roster, catalogue, battle, league, frontier, Port Oldsand, BattleScribe roster) given
a damaged copy of a real file answers through the command line as a user sees it: exit 0, 1 or 2, never a traceback
or an "unexpected error", and a refusal is one line (plus one indented line per listed problem)."""

from __future__ import annotations

import io
import os
import re
import shutil
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.cli import main
from tests.conftest import EXAMPLES, FIXTURES, REPO

# (reader, command, the file damaged, relative to a copy of the examples and fixtures)
TOML_READERS = {
    "roster": (
        ["validate"],
        [
            "warsurge-499.toml",
            "mcwarrior-warband.toml",
            "warcaster-marcher-worlds.toml",
            "warmachine-example.toml",
            "fixtures/rosters/warsurge-largest.toml",
        ],
    ),
    "catalogue": (
        ["catalog", "check"],
        [
            "fixtures/warsurge-own-catalogue.toml",
            "fixtures/warcaster-mini.toml",
            "fixtures/catalogues/tiny-warsurge.toml",
            "data/mcwarrior.toml",
        ],
    ),
    "battle": (["battle"], ["battle-warsurge.toml", "battle-mcwarrior.toml", "battle-warcaster.toml"]),
    "league": (["league"], ["campaigns/warmachine-league.toml"]),
    "frontier": (["campaign"], ["campaigns/warmachine-frontier.toml"]),
    "port-oldsand": (["campaign"], ["campaigns/mcwarrior-port-oldsand.toml"]),
}
ROS_FILES = ["fixtures/battlescribe/marcher-strike.ros", "fixtures/battlescribe/odds-and-ends.ros"]
EXAMPLES_PER_READER = int(os.environ.get("WARBENCH_DAMAGE_EXAMPLES", "60"))
"""Sixty fixed cases per reader in the suite; a deeper hunt sets WARBENCH_DAMAGE_EXAMPLES (random cases then)."""
BASE = settings(
    max_examples=EXAMPLES_PER_READER,
    deadline=None,
    derandomize="WARBENCH_DAMAGE_EXAMPLES" not in os.environ,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
ALLOWED_EXTRA_LINES = ("  ", "note: ", "warning: ", "not imported: ")
"""Lines a command may print to standard error besides its one line: listed problems and import notes."""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    """A copy of the examples with the fixtures and bundled catalogues beside them, and a battle of each kind."""
    root = tmp_path_factory.mktemp("damaged") / "examples"
    shutil.copytree(EXAMPLES, root)
    shutil.copytree(FIXTURES, root / "fixtures", ignore=shutil.ignore_patterns("*.png", "*.jpg", "*.pdf", "tui"))
    shutil.copytree(REPO / "catalog" / "data", root / "data")
    for game, roster in (
        ("warsurge", "warsurge-499.toml"),
        ("mcwarrior", "mcwarrior-warband.toml"),
        ("warcaster", "warcaster-marcher-worlds.toml"),
    ):
        assert (
            run(
                [
                    "battle",
                    "new",
                    str(root / roster),
                    "--opponent",
                    str(root / roster),
                    "-o",
                    str(root / f"battle-{game}.toml"),
                ]
            )[0]
            == 0
        )
    (root / "battle-warsurge.toml").write_text(
        (root / "battle-warsurge.toml").read_text(encoding="utf-8") + "\n[[units]]\nindex = 1\nmodels = 4\nhp = 8\n",
        encoding="utf-8",
    )
    (root / "battle-mcwarrior.toml").write_text(
        (root / "battle-mcwarrior.toml").read_text(encoding="utf-8")
        + "\n[[units]]\nindex = 0\nlost = { torso = 1 }\nheat = 2\n",
        encoding="utf-8",
    )
    return root


def run(argv: list[str]) -> tuple[int, str, str]:
    """The command run in-process as `warbench ARGV`: its exit code, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def assert_answered_as_a_user_expects(argv: list[str], code: int, out: str, err: str) -> None:
    said = f"warbench {' '.join(argv)} → {code}\nstdout: {out[-2000:]!r}\nstderr: {err[-2000:]!r}"
    assert code in (0, 1, 2), said
    for text in (out, err):
        assert "unexpected error" not in text and "Traceback" not in text, said
        assert "validation error for" not in text and "errors.pydantic.dev" not in text, said
    headlines = [line for line in err.splitlines() if not line.startswith(ALLOWED_EXTRA_LINES)]
    assert len(headlines) <= 1, said
    if code == 2:
        assert len(headlines) == 1 and headlines[0].strip(), said


# --- damage -----------------------------------------------------------------------------------------------------------

hostile_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "a\x00b.toml",
            "\x1b[2J",
            "../../../../etc/passwd",
            "/dev/zero",
            "/",
            ".",
            "..",
            "x" * 5000,
            "no-such.toml",
            "warsurge-499.toml",
            "campaigns",
            "\u202eevil",
            "a\nb",
            "\ud7ff",
            "0",
            "true",
            "-1",
            "1e999",
            "league/cogmire-stage1.toml",
            "~/x.toml",
            "C:\\x.toml",
        ]
    ),
)
hostile_scalar = st.one_of(
    st.booleans(),
    st.integers(),
    st.sampled_from([0, -1, 2**63, -(2**63), 10**29, 99, 100, 1000]),
    st.floats(allow_nan=True, allow_infinity=True),
    hostile_text,
)
hostile_value = st.recursive(
    hostile_scalar,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=8) | st.sampled_from(["id", "name", "index"]), inner, max_size=3),
    ),
    max_leaves=8,
)


def locations(data, path=()):
    """Every key path in parsed TOML, tables and arrays included."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from locations(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from locations(value, (*path, i))


def damaged_data(data: dict, draw) -> dict:
    """The data with one to three of its values replaced, removed, or joined by a stranger's key."""
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in locations(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(hostile_value)
        elif action == "remove" and isinstance(parent, dict):
            del parent[path[-1]]
        elif action == "remove":
            parent.pop(path[-1])
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=12))] = draw(hostile_value)
        else:
            parent.append(draw(hostile_value))
    return data


@st.composite
def damaged_toml(draw, original: bytes) -> bytes:
    """A TOML file with values damaged (then written back as TOML), or its bytes damaged."""
    if draw(st.booleans()):
        data = damaged_data(tomllib.loads(original.decode("utf-8")), draw)
        try:
            return tomli_w.dumps(data).encode("utf-8")
        except (TypeError, ValueError):  # tomli_w cannot write every float and nesting; damage the bytes then
            pass
    return draw(damaged_bytes(original))


@st.composite
def damaged_bytes(draw, original: bytes) -> bytes:
    """The bytes with a few cut, inserted, swapped or overwritten."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["flip", "insert", "cut", "truncate", "repeat"]))
        if action == "flip" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif action == "insert":
            data[at:at] = draw(
                st.binary(min_size=1, max_size=8)
                | st.sampled_from(
                    [b"\x00", b"[", b"]]", b'"', b"=", b"\n[[units]]\n", b"\xff\xfe", b"{", b"\\u0000", b"'''"]
                )
            )
        elif action == "cut":
            del data[at : at + draw(st.integers(1, 40))]
        elif action == "truncate":
            del data[at:]
        elif action == "repeat":
            data[at:at] = data[max(at - 50, 0) : at] * draw(st.integers(1, 20))
    return bytes(data)


@st.composite
def damaged_xml(draw, original: bytes) -> bytes:
    """A BattleScribe roster with attribute values replaced (as XML character references) or its bytes damaged."""
    if draw(st.booleans()):
        return draw(damaged_bytes(original))
    text = original.decode("utf-8")
    attributes = list(re.finditer(r'(\w+)="([^"]*)"', text))
    for _ in range(draw(st.integers(1, 3))):
        found = draw(st.sampled_from(attributes))
        value = draw(st.text(max_size=30) | st.sampled_from(["", "1e999", "-5", "99999999999", "nan", "0.5"]))
        escaped = "".join(c if c.isalnum() or c in " .-_" else f"&#x{ord(c):x};" for c in value)
        text = text.replace(found.group(0), f'{found.group(1)}="{escaped}"', 1)
    return text.encode("utf-8")


def check_reader(workspace: Path, command: list[str], relative: str, damage) -> None:
    original = workspace / relative
    damaged = original.with_name(f"damaged-{original.name}")
    damaged.write_bytes(damage)
    argv = [*command, str(damaged)]
    if command == ["import"]:
        argv += ["-o", str(workspace / "imported.toml"), "--overwrite"]
    assert_answered_as_a_user_expects(argv, *run(argv))


@pytest.mark.parametrize("reader", sorted(TOML_READERS))
def test_every_reader_answers_damaged_files_in_one_line(workspace, reader):
    command, files = TOML_READERS[reader]
    originals = {name: (workspace / name).read_bytes() for name in files}

    @BASE
    @given(st.sampled_from(files).flatmap(lambda name: st.tuples(st.just(name), damaged_toml(originals[name]))))
    def damaged(case):
        check_reader(workspace, command, *case)

    damaged()


def test_battlescribe_import_answers_damaged_rosters_in_one_line(workspace):
    originals = {name: (workspace / name).read_bytes() for name in ROS_FILES}

    @BASE
    @given(st.sampled_from(ROS_FILES).flatmap(lambda name: st.tuples(st.just(name), damaged_xml(originals[name]))))
    def damaged(case):
        check_reader(workspace, ["import"], *case)

    damaged()
