"""deskmate's platform-neutral conversation core.

Nothing in this package performs IO or imports a platform library; it declares ports
(typing.Protocol) in ``core.ports`` that ``adapters`` implement and ``bot`` wires together.
"""
