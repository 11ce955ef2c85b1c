"""Chart rendering with matplotlib (Agg, object-oriented API), off the event loop."""

from adapters.charts.figure import build_history_figure, chart_title, render_png
from adapters.charts.formatting import format_price
from adapters.charts.renderer import ChartStats, MatplotlibChartRenderer

__all__ = [
    "ChartStats",
    "MatplotlibChartRenderer",
    "build_history_figure",
    "chart_title",
    "format_price",
    "render_png",
]
