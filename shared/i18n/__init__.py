"""Sentences a person reads, as a catalogue id plus arguments (pure: no files, no clock).

A :class:`Template` is one catalogue entry: its id and its English. Calling it with the
arguments gives a :class:`Text`, a ``str`` that *is* the English sentence (so code and
tools that read reasons as text see no change) and also carries ``key`` and ``args``,
which the wire sends so each reader's page renders the sentence in its own language.
:func:`render` fills a pattern of any language; the server's catalogues
(``server/i18n``) and the page's ``t()`` (``client/web/js/i18n.js``) read the same
placeholder syntax, described in docs/i18n.md.
"""

from .text import TEMPLATES, Template, Text, render, text_parts, wire_parts

__all__ = ["TEMPLATES", "Template", "Text", "render", "text_parts", "wire_parts"]
