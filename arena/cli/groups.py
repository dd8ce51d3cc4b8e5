"""The command groups of the ``arena`` command line.

Design detail: with rich help, typer keeps the line breaks of a command's docstring (but for the first
paragraph of its own page), so a docstring wrapped at the source's width came out as ragged lines in
a terminal of another width: in the group's list of commands, and in the later paragraphs of the
command's page. A group here gives every command it resolves its help written as flowing text
(:func:`flowing`), which rich then wraps to the terminal, and a one-line summary for the list.
"""

from __future__ import annotations

import inspect
from typing import Any

import typer.core


def flowing(help_text: str) -> str:
    """``help_text`` with the lines of each paragraph joined, but for a list's items: a line that
    starts with ``- `` starts a line of its own."""
    paragraphs = []
    for paragraph in inspect.cleandoc(help_text).split("\n\n"):
        lines: list[str] = []
        for line in paragraph.splitlines():
            words = " ".join(line.split())
            if not words:
                continue
            if lines and not words.startswith("- "):
                lines[-1] = f"{lines[-1]} {words}"
            else:
                lines.append(words)
        paragraphs.append("\n".join(lines))
    return "\n\n".join(paragraphs)


def summary(help_text: str) -> str:
    """The first paragraph of ``help_text``, its lines joined into one."""
    return " ".join(inspect.cleandoc(help_text).split("\n\n")[0].split())


class CommandGroup(typer.core.TyperGroup):
    """A group whose commands' help flows, in its list of them and on their own pages (see the
    module)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:  # typer's own (vendored) click types
        command = super().get_command(ctx, cmd_name)
        if command is not None and command.help:
            command.help = flowing(command.help)  # the same text again when it already flows
            if command.short_help is None:
                command.short_help = summary(command.help)
        return command
