"""The console: plain-text rendering of replies and the JSON form of `deskmate ask --json`."""

from adapters.console.render import render_json, render_text, save_images

__all__ = ["render_json", "render_text", "save_images"]
