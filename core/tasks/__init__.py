"""The generic task machinery every skill shares.

- ``transitions``: the one table of legal task status moves, and the only place a status changes;
- ``tokens``: single-use button tokens, the confirm / cancel pair, claims, cancelled buttons;
- ``answers``: what a typed answer is (yes, no, cancel, resume, a question, a secret);
- ``actions``: actions as data (slots, target, confirmation policy, executor);
- ``flow``: slot filling, references, confirmation and execution over declared actions;
- ``refs``, ``audit``, ``errors``: references to records, the audit log port, store refusals.
"""
