"""The roster editor's keys: what each does, and what the footer, the help screen and the palette say of it."""

from __future__ import annotations

from textual.binding import Binding, BindingType

EDITOR_KEYS: list[BindingType] = [
    Binding("escape", "focus_roster", "Roster", tooltip="Back to the roster list", show=False),
    Binding("ctrl+s", "save", "Save", tooltip="Save the roster to its file", priority=True),
    Binding("ctrl+z", "undo", "Undo", tooltip="Undo the last change", priority=True),
    Binding("ctrl+y", "redo", "Redo", tooltip="Redo the last undone change", priority=True),
    Binding("f2", "rename", "Rename roster", tooltip="Give the roster a new name", show=False, priority=True),
    Binding("f3", "notes", "Edit notes", tooltip="Write notes kept with the roster", show=False, priority=True),
    Binding(
        "ctrl+f", "find", "Search the catalogue", tooltip="Move to the catalogue filter", show=False, priority=True
    ),
    Binding(
        "ctrl+g", "focus_findings", "Go to findings", tooltip="Move to the findings list", show=False, priority=True
    ),
    Binding(
        "ctrl+e",
        "export_pdf",
        "Export PDF cards",
        tooltip="Print stat cards and the roster sheet to a PDF: paper (A4, US Letter) and layout (nine a sheet, "
        "one per page, with backs)",
        show=False,
        priority=True,
    ),
    Binding(
        "ctrl+k",
        "share",
        "Share code and QR",
        tooltip="Show the share code and its QR to scan, copy or save",
        show=False,
        priority=True,
    ),
    Binding(
        "ctrl+b",
        "play",
        "Play this roster",
        tooltip="Start a battle with this roster: track damage and points left at the table",
        show=False,
        priority=True,
    ),
    Binding(
        "ctrl+w",
        "close",
        "Close roster",
        tooltip="Back to the start screen (asks first if there are unsaved changes)",
        show=False,
        priority=True,
    ),
]
"""Every roster editor's keys (a game's editor adds its own after them)."""
