"""The parts of a conversation turn, orchestrated by ``core.engine.Core``.

- ``validation``: text the core cannot use, secure input nobody asked for;
- ``locale_policy``: which language to answer in;
- ``tasks``: the open task and the resume stack (TaskBook);
- ``several``: several asks in one message; ``queued``: the risky later ones, behind the first;
- ``lifecycle``: expiry, typed confirmation, cancel, the busy guard;
- ``resume``: back to the open question after a side answer, resume offers, resume and discard;
- ``commands``: slash commands; ``buttons``: claimed and refused button presses;
- ``unrouted``: what no rule recognises (the planner, cancellable, else a fallback);
- ``replies``: small reply helpers shared by the above.
"""
