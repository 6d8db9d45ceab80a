"""The codec's refusals as catalogue entries (docs/i18n.md): a frame it cannot read
(``malformed``, ``unknown_type``, ``too_large``) and a display name it refuses
(``bad_name``), each with its English as before and its id and arguments, so an ``err``
says it in the reader's language. The parts that name the protocol (a field's path,
pydantic's problem, a parser's detail) are arguments, in English.
"""

from __future__ import annotations

import re

from shared.i18n import Template

__all__ = ["NAME_REFUSALS", "name_refusal"]

TOO_LARGE = Template("codec.too_large", "a message may have at most {max} bytes, this has {size}")
NOT_ENVELOPE = Template("codec.not_envelope",
                        'a message must be an object {"t": type, "d": data, "id": n}')
BAD_ID = Template("codec.bad_id", '"id" must be a whole number from 0 to {max}')
EXTRA_KEYS = Template("codec.extra_keys", "unexpected envelope keys: {keys}")
TYPE_NOT_TEXT = Template("codec.type_not_text", '"t" (the message type) must be a string')
UNKNOWN_TYPE = Template("codec.unknown_type", "unknown message type {type}")
DATA_NOT_OBJECT = Template("codec.data_not_object", '"d" of {type} must be an object')
BAD_FIELD = Template("codec.bad_field", "{type}: {problem}")
NOT_VALID = Template("codec.not_valid", "the frame is not valid {format}: {detail}")

# A display name's problems, as the codec says them (shared.display_names, capitalised).
NAME_REFUSALS = (
    Template("display_name.blank", "A name needs at least one visible character."),
    Template("display_name.too_long", "A name has at most {count} characters."),
    Template("display_name.invisible",
             "A name may not contain invisible or control characters (u+{code})."),
    Template("display_name.accents", "A letter of a name carries at most {count} accents."),
    Template("display_name.no_letter", "A name needs at least one visible letter or digit."),
    Template("display_name.label", "That name looks like one the room gives (a bot, a guest "
             "or 'you'); choose another."),
)


def _matcher(template: Template) -> re.Pattern[str]:
    pattern = re.escape(str(template.pattern))
    return re.compile(re.sub(r"\\\{([a-z_]+)\\\}", r"(?P<\1>.+?)", pattern))


_MATCHERS = [(_matcher(t), t) for t in NAME_REFUSALS]


def name_refusal(problem: str) -> str:
    """``problem``, a refused display name's sentence, as its catalogue entry (else as
    it is)."""
    for matcher, template in _MATCHERS:
        found = matcher.fullmatch(problem)
        if found:
            return template(**{k: int(v) if k == "count" else v
                               for k, v in found.groupdict().items()})
    return problem
