"""The catalogues' keys: what a shipped language lacks, what nothing uses, and English
left in the page's converted modules (server/i18n/audit.py). Exits 1 if anything is
missing or left, as the test suite fails then.

    .venv/bin/python scripts/i18n_keys.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.i18n import audit


def main() -> int:
    sections = {
        "missing": audit.missing(),
        "english left in converted modules": audit.english_left(),
        "unused (the page's catalogue)": audit.unused(),
        "only in a translation": audit.extra(),
    }
    for title, items in sections.items():
        print(f"{title}: {len(items) or 'none'}")
        for item in items:
            print(f"  {item}")
    return 1 if sections["missing"] or sections["english left in converted modules"] else 0


if __name__ == "__main__":
    sys.exit(main())
