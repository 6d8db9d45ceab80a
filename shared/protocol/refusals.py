"""The codec's refusals as catalogue entries (docs/i18n.md): a frame it cannot read
(``malformed``, ``unknown_type``, ``too_large``) and a display name it refuses
(``bad_name``), each with its English as before and its id and arguments, so an ``err``
says it in the reader's language. A field's problem (``codec.bad_field``'s ``problem``)
is a sentence of its own, ``field.*``, by pydantic's error type (missing, of the wrong
type, not one of its choices, out of range, too long, not a field of the message...),
with the field's path as an argument. The parts that name the protocol (a field's path,
a message type, a parser's detail) are arguments, in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from shared.i18n import Template, Text

__all__ = ["FIELD_PROBLEMS", "NAME_REFUSALS", "field_problem", "name_refusal"]

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

# A field's problems, by pydantic's error type (the first of a message's problems is said).
_MUST_BE = {
    "text": Template("field.text", "{path} must be text."),
    "whole": Template("field.whole_number", "{path} must be a whole number."),
    "number": Template("field.number", "{path} must be a number."),
    "flag": Template("field.flag", "{path} must be true or false."),
    "list": Template("field.list", "{path} must be a list."),
    "object": Template("field.object", "{path} must be an object."),
}
_OF_TYPE = {
    "string_type": "text", "string_unicode": "text", "int_type": "whole",
    "int_parsing": "whole", "int_from_float": "whole", "float_type": "number",
    "float_parsing": "number", "bool_type": "flag", "bool_parsing": "flag",
    "list_type": "list", "tuple_type": "list", "set_type": "list", "dict_type": "object",
    "model_type": "object", "model_attributes_type": "object",
}
MISSING = Template("field.missing", "{path} is required.")
EXTRA = Template("field.extra", "{path} is not a field of this message.")
CHOICE = Template("field.choice", "{path} must be one of {expected}.")
AT_LEAST = Template("field.at_least", "{path} must be at least {limit}.")
MORE_THAN = Template("field.more_than", "{path} must be more than {limit}.")
AT_MOST = Template("field.at_most", "{path} must be at most {limit}.")
LESS_THAN = Template("field.less_than", "{path} must be less than {limit}.")
_BOUNDS = {"greater_than_equal": (AT_LEAST, "ge"), "greater_than": (MORE_THAN, "gt"),
           "less_than_equal": (AT_MOST, "le"), "less_than": (LESS_THAN, "lt")}

def _length(key: str, limit: str, noun: str) -> Template:
    pattern = f"{{path}} {limit} {{count}} {noun}"
    return Template(f"field.{key}", {"one": pattern + ".", "other": pattern + "s."})


# pydantic's type: (its sentence, the ctx entry that holds the count)
_LENGTHS = {
    "string_too_short": (_length("text_too_short", "needs at least", "character"), "min_length"),
    "string_too_long": (_length("text_too_long", "has at most", "character"), "max_length"),
    "too_short": (_length("too_few", "needs at least", "item"), "min_length"),
    "too_long": (_length("too_many", "has at most", "item"), "max_length"),
}
# Anything else pydantic refuses: its own words, in English, as an argument.
INVALID = Template("field.invalid", "{path} is not valid: {detail}.")
# The protocol's own checks of a field (shared.protocol.base, social_messages).
TABLE_ID = Template("field.table_id", "A table id is 1 to 32 letters, digits, '-' or '_'.")
TOKEN = Template("field.token", "A session token is 16 to 64 letters, digits, '-' or '_'.")
CODE_OR_TABLE = Template("field.code_or_table",
                         "Give either a code (or invite link) or a table id.")
TEXT_OR_PHRASE = Template("field.text_or_phrase", "Give either a text or a quick phrase.")
FIELD_PROBLEMS = (*_MUST_BE.values(), MISSING, EXTRA, CHOICE, AT_LEAST, MORE_THAN, AT_MOST,
                  LESS_THAN, *(t for t, _ in _LENGTHS.values()), INVALID, TABLE_ID, TOKEN,
                  CODE_OR_TABLE, TEXT_OR_PHRASE)


def field_problem(problem: Mapping[str, Any]) -> str:
    """One of pydantic's ``errors()`` as a catalogue sentence: the field's path (dotted,
    "the message" when the problem is the whole message's) and what is wrong with it; a
    check of the protocol's own that raised a catalogue sentence says that sentence."""
    path = ".".join(str(part) for part in problem["loc"]) or "the message"
    kind, ctx = str(problem["type"]), problem.get("ctx") or {}
    raised = ctx.get("error")
    if raised is not None and raised.args and isinstance(raised.args[0], Text):
        return raised.args[0]
    if kind in _OF_TYPE:
        return _MUST_BE[_OF_TYPE[kind]](path=path)
    if kind == "missing":
        return MISSING(path=path)
    if kind == "extra_forbidden":
        return EXTRA(path=path)
    if kind in ("literal_error", "enum"):
        # pydantic writes "'a', 'b' or 'c'": the choices, without its English "or"
        choices = str(ctx.get("expected", "")).replace(" or ", ", ")
        return CHOICE(path=path, expected=choices)
    if kind in _BOUNDS and _BOUNDS[kind][1] in ctx:
        template, name = _BOUNDS[kind]
        return template(path=path, limit=_number(ctx[name]))
    if kind in _LENGTHS and _LENGTHS[kind][1] in ctx:
        template, name = _LENGTHS[kind]
        return template(path=path, count=int(ctx[name]))
    detail = str(problem["msg"]).removeprefix("Value error, ").rstrip(".")
    return INVALID(path=path, detail=detail)


def _number(value: Any) -> int | float | str:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else str(value)


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
