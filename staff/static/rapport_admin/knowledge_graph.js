/* The knowledge graph page: draws the contact, its entities and its memories with Cytoscape.js (vendored in
 * vendor/, MIT). The elements come from the page (json_script); clicking a memory opens it for editing. When the
 * graph is drawn, #knowledge-graph gets data-rendered="true" and data-node-count (the browser tests wait on it). */
(function () {
  "use strict";

  var STYLE = [
    { selector: "node", style: { label: "data(label)", "font-size": 9, "text-wrap": "ellipsis", "text-max-width": 120,
      color: "#333", width: 14, height: 14, "background-color": "#999" } },
    { selector: "node[kind = 'contact']", style: { width: 34, height: 34, "background-color": "#264b5d",
      "font-size": 13, "font-weight": "bold" } },
    { selector: "node[kind = 'entity']", style: { shape: "round-rectangle", width: 22, height: 22,
      "background-color": "#79aec8", "font-size": 11 } },
    { selector: "node[memory_type = 'fact']", style: { "background-color": "#2e7d32" } },
    { selector: "node[memory_type = 'preference']", style: { "background-color": "#c77c02" } },
    { selector: "node[memory_type = 'episode']", style: { "background-color": "#6a4c93" } },
    { selector: "node[memory_type = 'pattern']", style: { "background-color": "#b23a48" } },
    { selector: "node[kind = 'memory'][status != 'active']", style: { opacity: 0.35 } },
    { selector: "edge", style: { width: 1, "line-color": "#ccc", "curve-style": "straight" } }
  ];

  function render() {
    var container = document.getElementById("knowledge-graph");
    var data = document.getElementById("knowledge-graph-data");
    if (!container || !data || typeof cytoscape === "undefined") {
      return;
    }
    var elements = JSON.parse(data.textContent);
    var nodeCount = elements.filter(function (e) { return e.group === "nodes"; }).length;
    var cy = cytoscape({
      container: container,
      elements: elements,
      style: STYLE,
      // A force-directed layout reads best for a few dozen nodes; concentric rings stay fast for hundreds.
      layout: nodeCount > 150 ? { name: "concentric", animate: false } : { name: "cose", animate: false },
      wheelSensitivity: 0.3
    });
    cy.on("tap", "node[kind = 'memory']", function (event) {
      var url = container.getAttribute("data-memory-url");
      window.location.href = url.replace("/0/", "/" + event.target.data("memory_id") + "/");
    });
    container.setAttribute("data-node-count", String(cy.nodes().length));
    container.setAttribute("data-rendered", "true");
    window.rapportGraph = cy;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
