"""Leagues and campaigns: the engine that reads, replays, edits, reports and prints the ledger files a game brings
(each kind, with its model and result, lives in its game's package and is found through `builder.ledgers`)."""
