"""The server's catalogues: what the server says (the engine's refusals, the words they
use), in every shipped language, read from gettext ``.po`` files at start with Babel (no
build step). docs/i18n.md tells how they are kept."""

from .catalogues import LANGUAGES, LOCALE_DIR, catalogue, negotiate, po_path

__all__ = ["LANGUAGES", "LOCALE_DIR", "catalogue", "negotiate", "po_path"]
