"""The core cannot see the UI: importing it in a fresh interpreter loads no textual (nor heavy export libs)."""

from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.xdist_group("layering")  # one worker parses the project's files once for every test here

HEAVY = ["textual", "reportlab", "qrcode", "PIL", "zxingcpp"]
CORE = [
    "catalog.loader",
    "builder.games.warcaster.catalogue",
    "builder.games.mcwarrior.catalogue",
    "builder.games.warsurge.catalogue",
    "builder.games.warmachine.catalogue",
    "builder.roster",
    "builder.rules",
    "builder.games.warcaster.rules",
    "builder.games.mcwarrior.rules",
    "builder.games.warsurge.rules",
    "builder.games.warmachine.rules",
    "builder.roster.files",
    "builder.commands.validate",
    "builder.editing.session",
    "builder.editing.view",
    "builder.games.warcaster.editing",
    "builder.games.mcwarrior.editing",
    "builder.games.warsurge.editing",
    "builder.games.warmachine.editing",
    "builder.game",
    "builder.battles",
    "builder.battles.session",
    "builder.scenarios",
    "builder.scenarios.victory",
    "builder.scenarios.battle",
    "catalog.scenarios",
    "builder.campaigns.session",
    "builder.campaigns.report",
    "builder.games.warmachine.league",
    "builder.games.warmachine.league_edits",
    "builder.games.warmachine.frontier_replay",
    "builder.games.warmachine.frontier_edits",
    "builder.games.warmachine.frontier_report",
    "builder.games.mcwarrior.oldsand_edits",
    "builder.games.mcwarrior.oldsand_report",
    "builder.games.warcaster.bsdata_catalogue",
    "builder.serving",
    "catalog.access",
    "builder.resources",
    "builder.games.warcaster.table",
    "builder.games.warsurge.command_points",
    "builder.games.warmachine.focus",
    "builder.games.warsurge.narrative.commands",
    "builder.games.warsurge.narrative.session",
    "builder.games.warsurge.narrative.at_table",
]


def loaded_after(code: str) -> set[str]:
    probe = f"import sys\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def test_core_modules_import_no_ui_and_no_heavy_exports():
    """One fresh interpreter imports the core modules one by one and names each that brings a heavy library in
    (imports only accumulate, so none brought in after all of them means none brings one in alone)."""
    probe = (
        f"import importlib, json, sys\nheavy = {HEAVY!r}\nfound = {{}}\n"
        f"for module in {CORE!r}:\n"
        "    importlib.import_module(module)\n"
        "    new = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "    if new:\n"
        "        found[module] = new\n"
        "        break\n"
        "print(json.dumps(found))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {}


def test_validate_command_end_to_end_stays_light(tmp_path):
    """`warbench validate` of a Warsurge and a Warcaster roster, then importing the PDF export (which defers
    reportlab to its first export), in one fresh interpreter: every validation passes and nothing heavy is loaded."""
    rosters = [str(REPO / "builder" / "examples" / name) for name in ("warsurge-499.toml", "warcaster-firebrand.toml")]
    code = (
        "from builder.cli import main\n"
        f"codes = [main(['validate', roster]) for roster in {rosters!r}]\n"
        "import exports.pdf\n"
        "assert codes == [0, 0], codes"
    )
    modules = loaded_after(code)
    assert not {m for m in modules if m.split(".")[0] in HEAVY}


def test_the_command_turns_off_pydantic_plugins_by_their_documented_switch_and_keeps_a_players_own(tmp_path):
    """Warbench uses no pydantic plugins: the command sets PYDANTIC_DISABLE_PLUGINS before anything validates
    (unless the player set it), and still validates."""
    roster = str(REPO / "builder" / "examples" / "warsurge-499.toml")
    probe = (
        f"import os, sys\nfrom builder.cli import main\ncode = main(['validate', {roster!r}])\n"
        "print(code, os.environ.get('PYDANTIC_DISABLE_PLUGINS'), file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"} | {"WARBENCH_HOME": str(tmp_path)}
    for own, expected in ((None, "0 __all__"), ("my-plugin", "0 my-plugin")):
        run_env = env if own is None else env | {"PYDANTIC_DISABLE_PLUGINS": own}
        out = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, env=run_env, check=True
        )
        assert out.stderr.strip().splitlines()[-1] == expected


def import_cycles() -> list[set[str]]:
    """Every set of project modules that import each other round in a circle (imports inside functions included,
    names used only in type annotations not), found with grimp, which import-linter brings."""
    import grimp

    graph = grimp.build_graph("builder", "catalog", "exports", exclude_type_checking_imports=True, cache_dir=None)
    edges = {m: graph.find_modules_directly_imported_by(m) & graph.modules for m in graph.modules}
    for module, named in parts_named().items():  # a part named where it lives is imported when used: an edge too
        edges[module] |= named & graph.modules
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[set[str]] = []

    def visit(module: str) -> None:  # Tarjan's strongly connected components
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in edges[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = set()
            while (top := stack.pop()) != module:
                component.add(top)
            if component:
                cycles.append(component | {module})

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return cycles


@functools.cache
def _tree(path) -> ast.Module:
    """A project file's syntax tree, parsed once for every test here that reads it."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def parts_named() -> dict[str, set[str]]:
    """The modules each project module names as a game's or ledger kind's part (`part("package.module:NAME")`)."""
    named: dict[str, set[str]] = {}
    for package in ("builder", "catalog", "exports"):
        for path in (REPO / package).rglob("*.py"):
            if "part(" not in path.read_text(encoding="utf-8"):
                continue  # no call of `part` (ruff format writes a call with no space before its bracket)
            for node in ast.walk(_tree(path)):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "part" and node.args:
                    where = node.args[0].value.partition(":")[0]
                    named.setdefault(_module_name(path), set()).add(where)
    return named


def test_every_part_a_ledger_kind_names_is_there_and_of_its_kind():
    """A part is named by a string, so only a test sees a misspelt one (`tests/test_games.py` checks the games'
    parts): each ledger kind's reader, replay (of the ledger and the folder its rosters are named from), session and
    screen import and are what `LedgerKind` says."""
    import inspect

    from builder.ledgers import LEDGER_KINDS, OneScreen

    for kind in LEDGER_KINDS.values():
        assert callable(kind.read) and inspect.isclass(kind.open_session), kind.id
        assert list(inspect.signature(kind.replay).parameters)[1:] == ["base"], kind.id
        assert not isinstance(kind, OneScreen) or inspect.isclass(kind.screen), kind.id
    assert {m for named in parts_named().values() for m in named} >= {"builder.battles", "builder.campaigns.session"}


def test_no_module_is_in_an_import_circle():
    """The circle of 104 modules that once ran through the game and ledger tables is gone, and so is the app's: a
    screen types its `app` as the app's services (`builder.tui.services`) and asks for another file's screen by
    message (`builder.tui.requests`), so no screen imports the app that opens the screens."""
    assert import_cycles() == []


def test_the_game_lookup_is_imported_at_the_top_of_every_module():
    """`builder.game` imports nothing of Warbench at run time, so no module needs to import it inside a function
    (the table of games it replaced imported every game, and modules deferred it to dodge that circle)."""
    inside = [
        f"{path.relative_to(REPO)}:{line}"
        for package in ("builder", "catalog", "exports")
        for path in (REPO / package).rglob("*.py")
        for in_function, line, module in _imports_in(path)
        if in_function and module == "builder.game"
    ]
    assert inside == []


def test_the_import_contracts_ignore_no_import():
    """The layers hold as written (DESIGN.md: import-linter states them with no ignored imports)."""
    import tomllib

    contracts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert [c["name"] for c in contracts["contracts"] if c.get("ignore_imports")] == []


def _imports_of(path, *, inside_functions: bool) -> list[tuple[int, str]]:
    """The project and library modules a file imports at its top (`inside_functions` False: module level, not under
    TYPE_CHECKING) or inside its functions, with their lines."""
    return [(line, module) for inside, line, module in _imports_in(path) if inside == inside_functions]


@functools.cache
def _imports_in(path) -> list[tuple[bool, int, str]]:
    """Every import of a file not under TYPE_CHECKING, whether it is inside a function, its line and the modules it
    names (one walk of the file's tree, read once for both questions)."""
    tree = _tree(path)
    found: list[tuple[bool, int, str]] = []

    def visit(node, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue  # imports for type annotations only, its else branch included
            if isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:  # from . import x
                    package = ".".join(_module_name(path).split(".")[: -child.level])
                    base = f"{package}.{base}".strip(".")
                found.extend((in_function, child.lineno, m) for m in [base, *(f"{base}.{a.name}" for a in child.names)])
            elif isinstance(child, ast.Import):
                found.extend((in_function, child.lineno, a.name) for a in child.names)
            visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    return found


def _module_name(path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_imports_inside_functions_only_defer_a_heavy_library():
    """A project module imported inside a function is one that brings in a heavy library (reportlab, qrcode, PIL,
    zxing-cpp, the browser; Textual, from a module without it) that the importing module does not load already —
    never a dodge of an import circle. (A game's record and a ledger kind name their parts where they live, `part`,
    imported when first used; the circle test counts those names as imports.)"""
    heavy_roots = {"reportlab", "qrcode", "PIL", "zxingcpp", "playwright", "textual"}
    files = {
        _module_name(p): p for package in ("builder", "catalog", "exports") for p in (REPO / package).rglob("*.py")
    }
    top = {name: {m for _, m in _imports_of(path, inside_functions=False)} for name, path in files.items()}

    def packages(module: str) -> list[str]:
        """The module and the packages above it, whose `__init__` importing it runs first."""
        parts = module.split(".")
        return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]

    # The heavy libraries importing each module loads (its packages' `__init__` included): its own root, then what
    # its packages' top-level imports load, to a fixed point (one pass over the graph a round, not a walk of the
    # whole graph for each module asked about; imports are few rounds deep).
    loads: dict[str, set[str]] = {m: {m.split(".")[0]} & heavy_roots for ms in top.values() for m in ms} | {
        name: {name.split(".")[0]} & heavy_roots for name in files
    }
    changed = True
    while changed:
        changed = False
        for module, roots in loads.items():
            more = set().union(*(loads[i] for p in packages(module) for i in top.get(p, ()))) - roots
            if more:
                roots |= more
                changed = True

    def heavy(module: str) -> set[str]:
        """The heavy libraries importing `module` loads."""
        return loads.get(module, {module.split(".")[0]} & heavy_roots)

    dodges = []
    for name, path in sorted(files.items()):
        already = heavy(name)
        for line, module in _imports_of(path, inside_functions=True):
            if module in files and not heavy(module) - already:
                dodges.append(f"{path.relative_to(REPO)}:{line}")
    assert not dodges, "imported inside a function, deferring nothing heavy:\n" + "\n".join(sorted(set(dodges)))


MOST_LINES = 350
"""The most lines a module of the product has (`../shared/STYLE.md` admires apps that keep theirs under ~300): a
longer one is split by what it does."""


def test_no_module_of_the_product_is_longer_than_the_house_allows():
    long = {
        str(path.relative_to(REPO)): lines
        for package in ("builder", "catalog", "exports")
        for path in (REPO / package).rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}
