"""What each game's cards and sheets print, read back from the PDF as exact strings."""

from __future__ import annotations

import re
from io import BytesIO

from pypdf import PdfReader

from builder.games.mcwarrior.cards import circles
from builder.games.warmachine.roster import WarmachineRoster
from builder.roster.files import read_roster
from exports.pdf import pdf_bytes
from exports.pdf.blocks import Heading, Note, Rich, Table
from tests.fixtures.pdf.reading import (
    REPO,
    all_text,
    export,
    exported_pages,
    exported_text,
    load,
    load_text,
    page_texts,
)
from tests.warmachine_attachments import with_foreman

ROSTERS = REPO / "tests" / "fixtures" / "rosters"


def flat(text: str) -> str:
    """Text with every run of whitespace made one space (lines wrap where the layout decides)."""
    return " ".join(text.split())


def test_warcaster_sheet_lists_the_force_and_its_totals():
    sheet = flat(exported_pages("warcaster-marcher-worlds")[0])
    for expected in (
        "Will's Marcher force",
        "Faction Marcher Worlds",
        "Units 14/15 · heroes 0/3",
        "Deployment cost 27 DC in total",
        "Rack 12 Cyphers (fury 3, geometric 3, harmonic 3, overdrive 3)",
        "1 Dusk Wolf Light warjack Neural Net Cortex, Battle Rifle, Flame Thrower, Talon Rocket Pod 2",
        "Total 27",
        "✓ No findings: the roster is legal.",
    ):
        assert expected in sheet


def test_warcaster_warjack_card_has_stats_hardpoints_and_weapon_points():
    cards = flat("\n".join(exported_pages("warcaster-marcher-worlds")[1:]))
    assert (
        "Dusk Wolf ×2 Marcher Worlds · Light warjack SPD 5 STR 4 MAT 4 RAT 4 FOC – DEF 3 ARM 4 ♥ 3 DC 2 "
        "Cortex: Neural Net Cortex HARDPOINTS Slot Weapon RNG POW WP Left Arm Battle Rifle 12 4 1"
    ) in cards
    assert "Shoulder Talon Rocket Pod 12 4 2" in cards and "Right Arm Flame Thrower 10 3 2" in cards
    assert "Weapon points: 5/5" in cards and "Weapon points: 8/8" in cards
    assert "Cortex: Ace Cortex" in cards
    # a rule's short summary from the catalogue, under Special rules
    assert "Neural Net:" in cards


def test_warcaster_squad_card_counts_models_and_its_attachment_in_the_dc():
    cards = flat("\n".join(exported_pages("warcaster-firebrand")[1:]))
    assert (
        "Paladin Annihilators Iron Star Alliance · Squad SPD 4 STR – MAT 3 RAT 3 FOC – DEF 3 ARM 3 ♥ – DC 3 MODELS 3"
        in cards
    )
    assert "ATTACHMENT: PALADIN AEGIS DC modifier: +1" in cards
    assert "DC 2 + 1 (Paladin Aegis) = 3" in cards
    # the rulebook's Firebrand: Fusion Glaive 2 + Repulsor Shield 1 + Harbinger Cannon 2 = 5 of 5
    assert "Left Arm Fusion Glaive 1 5 2" in cards and "Weapon points: 5/5" in cards


def test_warcaster_prints_the_whole_rack_on_one_card_by_type_with_summaries():
    text = flat(exported_text("warcaster-marcher-worlds"))
    assert text.count("Cypher rack 12 Cyphers: 3 fury, 3 geometric, 3 harmonic, 3 overdrive") == 2  # front, continued
    assert "FURY (3) ☐ Cryo Lock: Fury attack with no damage roll" in text
    assert "☐ Velocity Projector · POW 4: Fury force attack" in text
    assert text.index("GEOMETRIC (3)") < text.index("HARMONIC (3)") < text.index("OVERDRIVE (3)")
    assert "Fury Cypher TYPE" not in text  # no card of its own for each Cypher


def card_words(loaded) -> list[tuple[str, set[str], dict[str, str]]]:
    """Each card's title, the names its weapons' small lines carry, and each name its bold leads explain with
    the text that explains it."""
    from builder.game import game
    from builder.rules import validate

    content = game(loaded.roster.game).cards(loaded.roster, loaded.catalogue, validate(loaded.roster, loaded.catalogue))
    cards = []
    for card in content.cards:
        tagged, explained = set(), {}
        for block in card.blocks:
            if isinstance(block, Table):
                tagged |= {name for row in block.rows_ if isinstance(row, Note) for name in row.text.split(" · ")}
            elif isinstance(block, Rich) and block.text:
                explained |= dict.fromkeys(block.lead.rstrip(":").split(", "), block.text)
        cards.append((card.title, tagged, explained))
    return cards


def test_every_weapon_tag_on_a_warcaster_card_is_explained_on_that_card():
    tagged_cards = 0
    for loaded in (
        load("warcaster-marcher-worlds"),
        load("warcaster-firebrand"),
        read_roster(ROSTERS / "warcaster-largest.toml"),
    ):
        for title, tagged, explained in card_words(loaded):
            assert tagged <= explained.keys(), (title, tagged - explained.keys())
            tagged_cards += bool(tagged)
    assert tagged_cards >= 10


def test_a_warcaster_card_explains_each_rule_once_even_with_an_attachment():
    from builder.game import game
    from builder.rules import validate

    for loaded in (load("warcaster-firebrand"), read_roster(ROSTERS / "warcaster-largest.toml")):
        content = game("warcaster").cards(loaded.roster, loaded.catalogue, validate(loaded.roster, loaded.catalogue))
        for card in content.cards:
            leads = [
                name
                for block in card.blocks
                if isinstance(block, Rich) and block.text
                for name in block.lead.rstrip(":").split(", ")
            ]
            assert len(leads) == len(set(leads)), card.title
            special = next(
                (
                    i
                    for i, block in enumerate(card.blocks)
                    if isinstance(block, Heading) and block.text == "Special rules"
                ),
                len(card.blocks),
            )
            under_special = {
                name
                for block in card.blocks[special:]
                if isinstance(block, Rich)
                for name in block.lead.rstrip(":").split(", ")
            }
            unit = next((u for u in loaded.catalogue.units if u.name == card.title), None)
            if unit is not None:  # the unit's own rules are under Special rules, even when an attachment has them
                assert {loaded.catalogue.rule(r).name for r in unit.rules} <= under_special, card.title


def test_warcaster_tags_sharing_an_explanation_share_a_line():
    cards = flat("\n".join(exported_pages("warcaster-marcher-worlds")[1:]))
    assert "Ranged · Ballistic · Mechanikal Optics (Charge)" in cards  # the Battle Rifle's rule names
    assert "Ranged: Shoots at targets within its RNG." in cards
    assert "Ballistic, Explosion: Energy type: a kind of damage some models resist or are weak to." in cards
    assert "Mechanikal Optics (Charge): While the wielder is charged" in cards


def test_mcwarrior_data_sheet_fills_the_unbought_circles():
    assert circles(3, 6) == "○○○●●●" and circles(6, 6) == "○○○○○○" and circles(1, 6) == "○●●●●●"
    sheet = exported_pages("mcwarrior-rustbucket")[1]
    assert "Head ○○○●●● 3 6\n" in sheet and "Right Leg ○○●●●● 2 3\n" in sheet
    assert "Points (● not bought, ○ tick off hits)" in " ".join(sheet.split())  # the legend (wrapped), then the circles
    assert sheet.count("●") == 1 + 3 + 3 + 4 + 4 + 4 + 4 and sheet.count("○") == 1 + 3 + 3 + 2 + 2 + 2 + 2
    assert "36 / 40 bolts" in sheet
    assert "Dice L/R: dice the weapon on each arm rolls." in " ".join(sheet.split())  # the stat line's words explained
    assert "Right Arm Energy Shield (level 2) 5" in sheet and "Legs Jump Jets 2" in sheet
    assert "Target\n3\nHeat cap.\n3\nDice L\n2\nDice R\n2\nMove\n4″" in sheet
    assert "1 Head\n2 Torso\n3 Left Arm\n4 Right Arm\n5 Left Leg\n6 Right Leg" in sheet
    assert "Kai\nSniper: Reroll one die of each ranged" in sheet
    assert "HEAT TRACK\n☐☐☐" in sheet  # torso 3: three heat boxes


def test_mcwarrior_warband_has_two_sheets_a_page_and_a_warband_sheet():
    texts = exported_pages("mcwarrior-warband")
    assert len(texts) == 1 + 1 + 2  # roster sheet, warband sheet, four data sheets two to a page
    assert "Budget\n150 + 10 × 2 = 170 bolts for 4 mechs\nBolts\n145 / 170" in texts[0]
    warband = flat(texts[1])
    assert warband.startswith("Warband sheet: Harbour Rats")
    assert "Spent: 145 of 170 bolts (25 left)." in warband and "Total 145 / 170" in warband
    assert "Rustbucket Kai (Sniper) 3 3 2 2 2 2" in warband
    assert [t.count("BODY PARTS") for t in texts[2:]] == [2, 2]
    assert "Rustbucket" in texts[2] and "Ironclad" in texts[2] and "Lantern" in texts[3]


def test_warsurge_cards_have_a_box_per_hit_point_and_points():
    texts = exported_pages("warsurge-apc")
    cards = texts[1]
    # Ursus 1 × 5, Troopers 9 × 1, Sniper Troopers 5 × 2, Biker 1 × 3
    assert cards.count("☐") == 5 + 9 + 10 + 3
    assert "HIT POINTS (5 × 2 = 10)\n☐☐ ☐☐ ☐☐ ☐☐ ☐☐" in cards
    assert "MOVE\n6″\nDASH\n6″\nDEF\n3\nHP\n1\nARM\n4+\nAEGIS\n5+\nTRANS\n–\nFP\nN" in cards
    assert "Laser Rifle ×9 18″ 2 3 –\nBattle weapon\n" in cards  # no deflect, ward or parry: none printed
    assert "Plasma Gun ×2 24″ 2 6 3+\nAssault weapon\n" in cards
    assert "Models: 9 · points 51 (51.3)" in cards and "Starts embarked in: Ursus APC" in cards
    assert "Carries (transport 300): Troopers,\nSniper Troopers" in cards
    sheet = flat(texts[0])
    assert "Troopers — in Ursus APC 9 9× Laser Rifle 51 (51.3)" in sheet and "Total 16 434 / 500" in sheet
    assert "Total 434 / 500 (66 left)" in sheet


def test_warsurge_duplicates_share_a_card_with_boxes_for_each_copy():
    source = (
        load("warsurge-apc").path.read_text(encoding="utf-8").replace("point_limit = 500", "point_limit = 600")
        + '\n[[units]]\nid = "revenge-wing-biker"\nweapons = { plasma-gun = 2, bike-slam = 1 }\n'
    )
    from tests.fixtures.pdf.reading import load_text

    cards = page_texts(export(load_text(source)))[1]
    assert "Revenge Wing Biker ×2" in cards and "96 pts" in cards
    assert re.search(r"Unit #1\s*☐☐☐\s*Unit #2\s*☐☐☐\s", cards)  # no other boxes between


def test_warmachine_cards_show_points_fa_hardpoints_and_battlegroup():
    texts = exported_pages("warmachine-example")
    cards = texts[1]
    assert "Bulwark Warjack Cogmire Union · Warjack POINTS 18 FA 2" in flat(cards)
    assert "Left Arm Breach Drill +1\nRight Arm Steam Cannon +0\nShoulder Flare Mortar +2" in cards
    assert "Battlegroup: Commander Ysolde Varr" in cards
    assert "Controls: Bulwark Warjack, Sparrow Light\nWarjack" in cards
    assert "Rivetgun Squad ×2" in cards and "12 pts each, 24 for 2" in cards
    sheet = flat(texts[0])
    assert "Points 75 / 75 (0 left)" in sheet and "Leader Commander Ysolde Varr" in sheet and "Total 75 / 75" in sheet


def test_warmachine_cards_carry_stat_lines_weapons_keywords_and_damage_tracks():
    cards = exported_pages("warmachine-example")[1]
    assert "SPD\n4\nSTR\n12\nMAT\n6\nRAT\n4\nDEF\n11\nARM\n19" in cards  # the Bulwark's stat line
    assert "SPD\n6\nSTR\n6\nMAT\n6\nRAT\n5\nDEF\n15\nARM\n15\nFOC\n7" in cards  # a leader's has FOC
    assert "Command Pistol ranged 10 1 12" in cards and "Duty Blade melee 1 – 12" in cards
    assert "Weapon Master: Rolls one extra die on damage" in flat(cards)  # every keyword on a card is explained
    assert "Stealth: Ranged and magic attacks from" in flat(cards)
    assert "DAMAGE GRID (22 BOXES)" in cards and "DAMAGE (16)\n" + "☐" * 16 in cards
    assert re.search(r"DAMAGE \(6 × 1\)\s*Unit #1\s*☐ ☐ ☐ ☐ ☐ ☐\s*Unit #2", cards)


def test_a_damage_grid_draws_a_box_per_cell_and_its_system_letters():
    from exports.pdf.tracks import DamageGrid

    class Canvas:
        def __init__(self):
            self.boxes, self.letters = 0, []

        def rect(self, *args, **kwargs):
            self.boxes += 1

        def setStrokeColorRGB(self, *args):
            pass

        def setLineWidth(self, *args):
            pass

        def setFillColorRGB(self, *args):
            pass

        def setFont(self, *args):
            pass

        def drawString(self, x, y, text):
            self.letters.append(text)

        def drawCentredString(self, x, y, text):
            self.letters.append(text)

    canvas = Canvas()
    for row in DamageGrid([" .L", "MC."]).rows(100, 1.0):
        row.draw(canvas, 0, 100)
    assert canvas.boxes == 5 and sorted(canvas.letters) == ["C", "L", "M"]


def test_each_copy_of_a_damage_track_stays_whole_on_a_face():
    from exports.pdf.card import _flow
    from exports.pdf.tracks import Boxes, DamageGrid

    for block in (DamageGrid(["..L..", ".MCR.", "....."], copies=3, size=13), Boxes([3] * 4, label="Unit", copies=3)):
        rows = block.rows(150, 1.0)
        copy_height = sum(r.height for r in rows) / 3
        for room in (copy_height * 1.2, copy_height * 1.5, copy_height * 2.5):  # faces that end mid-copy
            for face in _flow(rows, room):
                heights = [r.height for r in face]
                assert abs(sum(heights) % copy_height) < 0.01 or abs(sum(heights) % copy_height - copy_height) < 0.01


def test_warcaster_cards_have_a_damage_track_per_model_and_copy():
    cards = exported_text("warcaster-marcher-worlds")
    # the three Ranger Fire Teams: a row per model for each copy, each copy's boxes whole on one face (the card
    # continues on a second face between two copies, never inside one)
    assert re.search(
        r"♥ HEALTH: 1 DAMAGE BOX × 3 MODELS\s*Unit #1\s*☐ ☐ ☐\s.*?Unit #2\s*☐ ☐ ☐\s.*?Unit #3\s*☐ ☐ ☐\s*SPECIAL RULES",
        cards,
        re.DOTALL,
    )
    assert re.search(r"♥ HEALTH: 4 DAMAGE BOXES\s*Unit #1\s*☐☐☐☐\s*Unit #2\s*☐☐☐☐", cards)  # the two Strike Raptors


def test_warsurge_cards_explain_the_perks_the_catalogue_explains_once_whatever_their_level():
    cards = flat(exported_pages("warsurge-499")[1])
    assert "Heavy weapon · Annihilate II · Obliterate I" in cards
    assert "Heavy weapon: Not fired in a turn its model moves or dashes; −2 on each attack roll in a melee." in cards
    assert (
        "PERKS Annihilate II: After saves, the HP the target loses is multiplied: doubled at level I. "
        "Obliterate I: Each attack die that succeeds counts several times"
    ) in cards
    assert cards.count("Annihilate II:") == 1, "each perk is explained once, named with its level as carried"


def test_warsurge_cards_say_where_the_rules_of_perks_the_free_rules_only_name_are():
    cards = flat(exported_pages("warsurge-499")[1])
    assert "Wreckage: not explained in this catalogue: see the game's rulebook." in cards
    assert "Stalwart, Bloodlust: not explained in this catalogue: see the game's rulebook." in cards


def test_every_perk_and_weapon_type_on_a_warsurge_card_is_explained_on_that_card():
    from builder.games.warsurge.cards import UNDESCRIBED
    from builder.games.warsurge.catalogue import LEVEL

    pointed_out = set()
    for loaded in (load("warsurge-499"), load("warsurge-apc"), read_roster(ROSTERS / "warsurge-largest.toml")):
        catalogue = loaded.catalogue
        for title, tagged, explained in card_words(loaded):
            unit = next(
                catalogue.unit(u.id) for u in loaded.roster.units if (u.label or catalogue.unit(u.id).name) == title
            )
            named = {LEVEL.sub("", word) for word in tagged | set(unit.perks)}
            assert named <= {LEVEL.sub("", word) for word in explained}, (title, named - set(explained))
            for name, text in explained.items():
                perk = catalogue.perk(name)
                if text == UNDESCRIBED:  # said only of perks the catalogue cannot explain
                    assert perk is None, name
                    pointed_out.add(name)
                elif perk is not None:
                    assert text == perk.summary, name
    assert {"Wreckage", "Stalwart", "Fearless"} <= pointed_out


def test_a_perk_is_found_by_its_name_without_its_level():
    from builder.catalogues import load_catalogue

    catalogue = load_catalogue("warsurge-examples")
    assert (
        catalogue.perk("Annihilate II").name == "Annihilate" and catalogue.perk(" Obliterate I ").name == "Obliterate"
    )
    assert catalogue.perk("xD6 Attacks").name == "xD6 Attacks" and catalogue.perk("Wreckage") is None


def test_a_warcaster_rule_without_a_summary_says_so_on_the_card(tmp_path):
    """A catalogue imported from newer BattleScribe data may name a rule Warbench's summaries do not cover."""
    catalogue = (REPO / "catalog" / "data" / "warcaster-nm.toml").read_text(encoding="utf-8")
    at = catalogue.index('id = "compound-armor"')
    start = catalogue.index("summary = ", at)
    end = catalogue.index("\n", start)
    (tmp_path / "bsdata.toml").write_text(catalogue[:start] + 'summary = ""' + catalogue[end:], encoding="utf-8")
    text = (REPO / "builder" / "examples" / "warcaster-firebrand.toml").read_text(encoding="utf-8")
    loaded = load_text(text.replace('catalogue = "warcaster-nm"', 'catalogue = "bsdata.toml"'), tmp_path)
    cards = flat(all_text(export(loaded)))
    assert "Compound Armor: not explained in this catalogue: see the game's rulebook." in cards


def test_a_warjacks_systems_are_named_beside_its_grid_not_on_a_line_that_can_spill_to_another_face():
    from builder.catalogues import load_catalogue
    from builder.games.warmachine.cards import damage_track
    from exports.pdf.card import CARD_W, PAD
    from exports.pdf.tracks import DamageGrid

    catalogue = load_catalogue("warmachine-example")
    entry = catalogue.entry("bulwark-warjack")
    blocks = damage_track(catalogue, entry, 1)
    assert not [block for block in blocks if isinstance(block, Rich)]
    grid = next(block for block in blocks if isinstance(block, DamageGrid))
    assert len(grid.rows(CARD_W - 2 * PAD, 1.0)) == len(entry.grid) + 1  # the grid's rows and its gap, nothing more
    cards = exported_pages("warmachine-example")[1]
    assert "L left arm\nM movement" in cards and "Systems:" not in cards
    narrow = DamageGrid(entry.grid, legend=catalogue.grid_legend(entry)).rows(80, 1.0)  # no room beside: below
    assert len(narrow) > len(entry.grid) + 1


def test_a_sheet_column_is_never_narrower_than_its_longest_word():
    from exports.pdf.fonts import register_fonts, width
    from exports.pdf.sheet import CELL_PAD, CELL_SIZE, SheetTable, sheet_table

    register_fonts()
    table = SheetTable(
        ("Entry", "Type", "Hardpoints", "Battlegroup", "FA", "Points"),
        [["Gunner Sergeant", "Attachment", "–", "–", "2", "4"], ["Commander", "Leader", "–", "–", "C", "0"]],
        (3.2, 1.4, 4, 2.8, 0.7, 1.2),
        ("Total", "", "", "", "", "4 / 75"),
    )
    drawn = sheet_table(table, 500)  # about an A4 or Letter page between its margins
    widths = drawn._colWidths
    assert widths[1] >= width("Attachment", CELL_SIZE) + 2 * CELL_PAD
    assert abs(sum(widths) - 500) < 0.01


def test_warmachine_cards_say_the_unit_an_attachment_joined():
    roster = WarmachineRoster.model_validate(
        {
            "catalogue": "warmachine-example",
            "points": 100,
            "units": [
                {"id": "commander-ysolde-varr"},
                {"id": "rivetgun-squad"},
                {"id": "rivetgun-squad"},
                {"id": "rivetgun-foreman", "attached_to": 1},
                {"id": "rivetgun-foreman", "attached_to": 2},
            ],
        }
    )
    pages = [page.extract_text() for page in PdfReader(BytesIO(pdf_bytes(roster, with_foreman()))).pages]
    sheet, cards = flat(pages[0]), flat(" ".join(pages[1:]))
    assert "Battlegroup / joins" in sheet and "Rivetgun Foreman Attachment – Rivetgun Squad (unit 3) 2 3" in sheet
    assert "Joined to: Rivetgun Squad (unit 2)" in cards and "Joined to: Rivetgun Squad (unit 3)" in cards
