"""core has no import cycle: a newcomer can read any module after the ones it imports.

(Imports under TYPE_CHECKING are annotations only and may point back; they never run.)"""

from __future__ import annotations

import grimp


def test_no_module_in_core_imports_itself_through_others() -> None:
    graph = grimp.build_graph("core", exclude_type_checking_imports=True)
    cycles = {
        module: graph.find_shortest_chain(importer=next(iter(back)), imported=module)
        for module in sorted(graph.modules)
        if (back := graph.find_upstream_modules(module) & graph.find_downstream_modules(module))
    }
    assert cycles == {}


def test_the_system_spec_is_one_the_registry_imports_not_one_that_imports_it() -> None:
    graph = grimp.build_graph("core")
    assert graph.find_shortest_chain(importer="core.skills.system", imported="core.skills.registry") is None
    assert graph.direct_import_exists(importer="core.skills.registry", imported="core.skills.system")
