"""Growl: a moderator for the card game Growl (4–10 players), spoken to the whole table.

The app never needs or says anything secret: who is a werewolf stays in the players' hands.
Rules live in data/growl/*.yaml; the engine (``engine.Growl``) proposes each step and takes
the table's commands; ``frontend.GrowlLoop`` drives it from text; ``cli.register`` adds the
``moderator growl`` subcommand.
"""
