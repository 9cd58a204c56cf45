"""The terminal table's screens: sign-in, lobby, room, table and the help (keys)."""
