"""Tournaments as plain functions over data: pairing (Swiss for tables of two to four, round robin,
knock-out), points for places at a table, and standings with tie-breaks. Nothing here knows the hall, the
store or the clock; ``docs/tournaments.md`` states the rules these modules implement."""
