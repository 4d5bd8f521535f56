"""Every number a catalogue holds is bounded in the model: a stranger's code with a 40-digit move, an infinite range
or a huge rule is refused whole, and nothing is installed that would not load back."""

from __future__ import annotations

import pytest

from builder.cli import main
from catalog.models.common import MAX_NUMBER
from catalog.paths import installed_catalogue_dir
from catalog.toml_input import parse_toml
from exports.share.catalogue_code import encode_catalogue
from tests.conftest import FIXTURES

OWN = FIXTURES / "warsurge-own-catalogue.toml"
HUGE = 10**40


def raw() -> dict:
    return parse_toml(OWN.read_text(encoding="utf-8"), str(OWN), ValueError, "catalogue")


def with_value(where: str, value: object) -> dict:
    data = raw()
    *path, last = where.split(".")
    target = data
    for part in path:
        target = target[int(part)] if part.isdigit() else target.setdefault(part, {})
    target[last] = value
    return data


@pytest.mark.parametrize(
    "where",
    [
        "units.0.move",
        "units.0.transport",
        "units.0.max_models",
        "weapons.0.range",
        "weapons.0.attacks",
        "rules.transport_depth",
        "rules.default_point_limit",
    ],
)
@pytest.mark.parametrize("value", [HUGE, MAX_NUMBER + 1])
def test_a_catalogue_code_with_an_unbounded_number_installs_nothing(where, value, capsys):
    code = encode_catalogue(with_value(where, value))
    status = main(["catalog", "import", code])
    err = capsys.readouterr().err
    assert status == 2 and where.replace(".0.", "[0].") in err and "which no catalogue needs" in err
    assert not list(installed_catalogue_dir().glob("*.toml")) if installed_catalogue_dir().is_dir() else True


def test_a_catalogue_code_whose_text_would_not_read_back_installs_nothing(capsys):
    data = raw()
    data["notes"] = ["serial " + "1" * 4200]  # TOML can hold it, the reader refuses such a run before parsing
    status = main(["catalog", "import", encode_catalogue(data)])
    err = capsys.readouterr().err
    assert status == 2 and "would not load back" in err and "\n" not in err.rstrip("\n")
    assert not (installed_catalogue_dir() / "my-army.toml").exists()


def test_a_rosters_catalogue_revision_is_bounded_like_the_catalogues(tmp_path, capsys):
    from tests.conftest import EXAMPLES

    path = tmp_path / "army.toml"
    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("point_limit = 500", f"point_limit = 500\ncatalogue_revision = {10**28}"), "utf-8")
    assert main(["validate", str(path)]) == 2
    assert capsys.readouterr().err.endswith(f"catalogue_revision: at most 1,000,000, not {10**28}\n")


def test_a_catalogue_code_written_to_a_named_file_is_read_back_first(tmp_path, capsys):
    data = raw()
    data["notes"] = ["serial " + "1" * 4200]
    out = tmp_path / "out.toml"
    status = main(["catalog", "import", encode_catalogue(data), "-o", str(out)])
    assert status == 2 and "would not load back" in capsys.readouterr().err and not out.exists()


def test_a_long_run_of_digits_in_text_is_text_and_a_long_number_is_refused_where_it_is(tmp_path, capsys):
    from builder.roster.files import RosterFileError
    from tests.conftest import EXAMPLES

    digits = "1" * 40
    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    path = tmp_path / "army.toml"
    path.write_text(
        f"# order {digits}\n" + text.replace("point_limit = 500", f'point_limit = 500\nnotes = "call {digits}"')
    )
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err  # a note and a comment may hold any digits
    path.write_text(text.replace("point_limit = 500", f"point_limit = {digits}"), encoding="utf-8")
    assert main(["validate", str(path)]) == 2
    assert "point_limit: a number of more than 30 digits" in capsys.readouterr().err
    underscored = "_".join(["99"] * 2500)  # 5,000 digits under Python's own limit of 4,300 only once joined
    with pytest.raises(RosterFileError, match="more than 30 digits"):
        parse_toml(f"a = {underscored}\n", "x", RosterFileError, "roster")


def test_the_longest_note_of_digits_the_notes_prompt_allows_loads_back(tmp_path, capsys):
    from tests.conftest import EXAMPLES

    text = (EXAMPLES / "warsurge-499.toml").read_text(encoding="utf-8")
    path = tmp_path / "army.toml"
    path.write_text(text.replace("point_limit = 500", f'point_limit = 500\nnotes = "{"7" * 4000}"'), "utf-8")
    assert main(["validate", str(path)]) == 0, capsys.readouterr().err[:200]
