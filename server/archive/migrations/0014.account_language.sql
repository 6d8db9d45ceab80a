-- The account's language (a shipped language's tag: en, es, pt-BR, fr), chosen in the
-- page's settings; NULL until it chooses: the browser's Accept-Language then decides.

ALTER TABLE accounts ADD COLUMN lang text;
