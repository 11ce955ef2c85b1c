"""The console: plain-text rendering of replies, the JSON form of `deskmate ask --json`, and the
collecting outbound that `deskmate tick` prints."""

from adapters.console.outbound import CollectingOutbound, Notification
from adapters.console.render import render_json, render_text, save_images

__all__ = ["CollectingOutbound", "Notification", "render_json", "render_text", "save_images"]
