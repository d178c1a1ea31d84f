"""The game hall: a Starlette app with accounts, a lobby, tables, chat and websockets."""
