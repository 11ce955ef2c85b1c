"""Charts of daily closes: matplotlib (Agg), drawn off the event loop, in the reply's language.

Importing this package does not import matplotlib: the renderer loads it with the first chart
(or ``warm_up``), so a process that never draws a chart never pays for it.
"""

from adapters.charts.model import ChartModel, chart_model
from adapters.charts.renderer import ChartStats, MatplotlibChartRenderer

__all__ = ["ChartModel", "ChartStats", "MatplotlibChartRenderer", "chart_model"]
