"""The findings panel: every finding with its code; Enter moves to the entry it is about."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from builder.findings import Finding
from catalog.wording import counted

MARKS = {"error": ("✖", "$error"), "warning": ("▲", "$warning"), "info": ("●", "$primary")}


def finding_prompt(finding: Finding) -> Content:
    mark, style = MARKS.get(finding.severity, ("·", ""))
    where = f"  ({finding.path})" if finding.path else ""
    return Content.assemble((f"{mark} ", style), (finding.code, f"bold {style}"), " ", finding.message, (where, "dim"))


class FindingsPanel(OptionList):
    """Set `findings`; posts `Chosen(finding)` on Enter."""

    findings: reactive[tuple[Finding, ...]] = reactive(())  # set again unchanged (most key presses): no redraw

    class Chosen(Message):
        """The player wants to see the entry this finding is about."""

        def __init__(self, finding: Finding) -> None:
            super().__init__()
            self.finding = finding

    def watch_findings(self, findings: tuple[Finding, ...]) -> None:
        keep = self.highlighted
        if findings:
            self.set_options([Option(finding_prompt(f), id=str(i)) for i, f in enumerate(findings)])
            self.highlighted = min(keep or 0, len(findings) - 1)
        else:
            self.set_options(
                [Option(Content.styled("✔ No findings: every rule is met.", "$success"), id="none", disabled=True)]
            )
        errors = sum(f.severity == "error" for f in findings)
        others = len(findings) - errors
        self.border_title = f"Findings · {counted(errors, 'error')}" + (
            f", {counted(others, 'note')}" if others else ""
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id.isdigit():
            self.post_message(self.Chosen(self.findings[int(event.option.id)]))
