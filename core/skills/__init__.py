"""Skills: the registry (the only list of what deskmate can do and everything derived from it),
the Skill protocol, the built-in system commands, and one package per skill."""
