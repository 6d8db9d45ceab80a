"""Bots that are not ours, ported to measure ours against (benchmarks only).

Nothing in the product imports this package: the tournament alone plays these as
levels (``--b trickster``). Each module carries its source's licence notice.
"""
