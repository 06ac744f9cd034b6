/* The knowledge graph page: draws the contact, its entities and its memories with Cytoscape.js (vendored in
 * vendor/, MIT). The server sends one set of elements per combination of the toggles (staff/graph_drawing.py), so
 * a toggle swaps elements without a reload. Labels are cut to a width, and the layout (rings around the contact for
 * a few nodes, a grid of entity families for more) spaces nodes by the largest node *with its label*, so no two
 * labels overlap; the full text is in a tooltip on hover and in the side panel of the selected node, with its
 * memories, their source messages and the edit links.
 * When the graph is drawn, #knowledge-graph gets data-rendered="true" and data-node-count (the browser tests wait
 * on them); the Cytoscape instance is window.rapportGraph, the layout's name window.rapportGraphLayout. */
(function () {
  "use strict";

  var LABEL_WIDTH = 110;  // px: a label longer than this ends with "…" (the full text is on hover)
  var PANEL_MEMORIES = 60;  // a panel lists this many of a node's memories; the tree below has them all
  var TIER = { contact: 0, entity: 1, memory: 2, group: 2 };
  var RINGS_UP_TO = 20;  // nodes: more are laid out in a grid
  var GRID_PADDING = 14;  // px between two cells of the grid
  var MAX_FIT_ZOOM = 1.4;

  var STYLE = [
    { selector: "node", style: { label: "data(label)", "font-size": 12, "text-wrap": "ellipsis",
      "text-max-width": LABEL_WIDTH + "px", "text-valign": "bottom", "text-margin-y": 3, color: "#222",
      "text-background-color": "#fff", "text-background-opacity": 0.85, "text-background-padding": 1,
      width: 14, height: 14, "background-color": "#999" } },
    { selector: "node[kind = 'contact']", style: { width: 30, height: 30, "background-color": "#264b5d",
      "font-size": 14, "font-weight": "bold" } },
    { selector: "node[kind = 'entity']", style: { shape: "round-rectangle", width: 20, height: 20,
      "background-color": "#79aec8", "font-size": 13 } },
    { selector: "node[kind = 'group']", style: { shape: "hexagon", width: 18, height: 18 } },
    { selector: "node[memory_type = 'fact']", style: { "background-color": "#2e7d32" } },
    { selector: "node[memory_type = 'preference']", style: { "background-color": "#c77c02" } },
    { selector: "node[memory_type = 'episode']", style: { "background-color": "#6a4c93" } },
    { selector: "node[memory_type = 'pattern']", style: { "background-color": "#b23a48" } },
    { selector: "node[kind = 'group'][layer = 'fading']", style: { "background-color": "#6a4c93" } },
    { selector: "node[layer = 'inactive']", style: { opacity: 0.45 } },
    { selector: "node:selected", style: { "border-width": 3, "border-color": "#ffb000" } },
    { selector: "edge", style: { width: 1, "line-color": "#c5d1d8", "curve-style": "haystack" } },
    { selector: "edge.spoke-hidden", style: { display: "none" } }
  ];

  function node(tag, attributes, text) {
    var element = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { element.setAttribute(name, attributes[name]); });
    if (text !== undefined) { element.textContent = text; }
    return element;
  }

  function urlFor(template, pk) {
    return template.replace("/0/", "/" + pk + "/");
  }

  /* Rings around the contact: entities first, then memories and groups (each beside its entity's place), each
   * ring holding about as many nodes as fit on it once spaced by the largest node. */
  function ringOf(cy) {
    var rings = {};
    var order = {};
    var ring = 0;
    var used = 0;
    cy.nodes("[kind = 'entity']").forEach(function (n, i) { order[n.id()] = i; });
    var nodes = cy.nodes().sort(function (a, b) {
      var tier = TIER[a.data("kind")] - TIER[b.data("kind")];
      return tier || placeNear(a, order) - placeNear(b, order);
    });
    var lastTier = 0;
    nodes.forEach(function (n) {
      var tier = TIER[n.data("kind")];
      var capacity = Math.max(1, Math.floor(2 * Math.PI * ring));
      if (tier !== lastTier || used >= capacity) {
        ring += 1;
        used = 0;
        lastTier = tier;
      }
      rings[n.id()] = ring;
      used += 1;
    });
    return rings;
  }

  function placeNear(n, order) {
    var parent = n.incomers("node").filter("[kind = 'entity']")[0];
    return parent ? order[parent.id()] : (n.id() in order ? order[n.id()] : -1);
  }

  function largestNode(cy) {
    var size = { w: 1, h: 1 };
    cy.nodes().forEach(function (n) {
      var box = n.boundingBox({ includeLabels: true, includeOverlays: false });
      size.w = Math.max(size.w, box.w);
      size.h = Math.max(size.h, box.h);
    });
    return size;
  }

  /* A few nodes read best as rings around the contact. Past RINGS_UP_TO, rings of wide labels leave most of the
   * box empty and shrink the labels to fit; a grid packs them at a readable size. Both space nodes by the largest
   * node with its label, so no two labels overlap. */
  function layoutOptions(cy) {
    var largest = largestNode(cy);
    if (cy.nodes().length <= RINGS_UP_TO) {
      return ringLayout(cy, largest);
    }
    return gridLayout(cy, largest);
  }

  function ringLayout(cy, largest) {
    var rings = ringOf(cy);
    var widest = Math.max(largest.w, largest.h);
    var tallest = Math.min(largest.w, largest.h);
    // Neighbours are at least (widest + spacing) apart; boxes widest × tallest cannot meet if that distance is
    // over the diagonal, i.e. if 2·widest·spacing + spacing² > tallest².
    var spacing = Math.max(14, Math.ceil((tallest * tallest) / (2 * widest)) + 4);
    return {
      name: "concentric", animate: false, fit: true, padding: 16, avoidOverlap: true,
      nodeDimensionsIncludeLabels: true, minNodeSpacing: spacing, startAngle: 1.5 * Math.PI,
      concentric: function (n) { return 1000 - rings[n.id()]; }, levelWidth: function () { return 1; }
    };
  }

  /* Row by row in families: the contact, then each entity followed by its memories or groups (a family is moved
   * to the next row rather than split, when it fits in one), with as many columns as make cells of the largest
   * node's size fill the box. */
  function gridLayout(cy, largest) {
    var cellW = largest.w + GRID_PADDING;
    var cellH = largest.h + GRID_PADDING;
    var count = cy.nodes().length;
    var cols = Math.max(2, Math.round(Math.sqrt((count * cy.width() * cellH) / (cy.height() * cellW))));
    var cells = {};
    var row = 0;
    var col = 0;
    families(cy).forEach(function (family) {
      if (col > 0 && col + family.length > cols && family.length <= cols) {
        row += 1;
        col = 0;
      }
      family.forEach(function (n) {
        if (col >= cols) { row += 1; col = 0; }
        cells[n.id()] = { row: row, col: col };
        col += 1;
      });
    });
    return {
      name: "grid", animate: false, fit: true, padding: 16, avoidOverlap: true, avoidOverlapPadding: GRID_PADDING,
      nodeDimensionsIncludeLabels: true, condense: false, cols: cols, rows: row + 1,
      position: function (n) { return cells[n.id()]; }
    };
  }

  function families(cy) {
    var byParent = {};
    var order = [cy.getElementById("contact")];
    cy.nodes("[kind = 'entity']").forEach(function (n) { order.push(n); });
    cy.nodes("[kind = 'memory'], [kind = 'group']").forEach(function (n) {
      var parent = n.incomers("node")[0];
      var key = parent ? parent.id() : "contact";
      (byParent[key] = byParent[key] || []).push(n);
    });
    return order.filter(function (n) { return n.length; }).map(function (n) {
      return [n].concat(byParent[n.id()] || []);
    });
  }

  function draw(cy, container, elements) {
    cy.elements().remove();
    cy.add(elements);
    var options = layoutOptions(cy);
    // In a grid, the contact's spokes would cross every row: the page is the contact's, its entities are its own.
    cy.edges("[source = 'contact']").toggleClass("spoke-hidden", options.name === "grid");
    cy.layout(options).run();
    window.rapportGraphLayout = options.name;
    if (cy.zoom() > MAX_FIT_ZOOM) {  // a handful of nodes fitted to the box would be drawn huge
      cy.zoom(MAX_FIT_ZOOM);
      cy.center();
    }
    container.setAttribute("data-node-count", String(cy.nodes().length));
    container.setAttribute("data-rendered", "true");
  }

  function viewKey() {
    return Array.prototype.map.call(document.querySelectorAll(".rapport-graph-toggle:checked"), function (box) {
      return box.value;
    }).join("+");
  }

  function showPanel(target, drawing, urls) {
    var panel = document.getElementById("graph-panel");
    panel.textContent = "";
    panel.setAttribute("data-node", target.id());
    panel.appendChild(node("h2", {}, target.data("title")));
    var entity = drawing.entities[target.data("entity_id")];
    if (entity) { panel.appendChild(entityPart(entity, urls)); }
    var ids = target.data("memory_ids") || [];
    var count = node("p", { "class": "graph-panel-count" }, ids.length + " memor" + (ids.length === 1 ? "y" : "ies") +
      (ids.length > PANEL_MEMORIES ? " (the first " + PANEL_MEMORIES + " here, all in the tree below)" : ""));
    panel.appendChild(count);
    var list = node("ol", { "class": "graph-panel-memories" });
    ids.slice(0, PANEL_MEMORIES).forEach(function (pk) {
      list.appendChild(memoryPart(drawing.memories[String(pk)], urls));
    });
    panel.appendChild(list);
  }

  function entityPart(entity, urls) {
    var part = node("div", { "class": "graph-panel-entity" });
    part.appendChild(node("p", {}, entity.ref + (entity.aliases.length ? " · aka " + entity.aliases.join(", ") : "")));
    var actions = node("p", { "class": "graph-panel-actions" });
    actions.appendChild(node("a", { href: urlFor(urls.entity, entity.pk) }, "Entity in the admin"));
    [["merge-form", "id_merged", "Merge…"], ["split-form", "id_entity", "Split an alias off…"]].forEach(function (f) {
      var form = document.getElementById(f[0]);
      if (!form) { return; }
      var button = node("button", { type: "button", "class": "graph-panel-button" }, f[2]);
      button.addEventListener("click", function () {
        document.getElementById(f[1]).value = String(entity.pk);
        form.scrollIntoView({ behavior: "smooth" });
      });
      actions.appendChild(button);
    });
    part.appendChild(actions);
    return part;
  }

  function memoryPart(memory, urls) {
    var item = node("li", { "class": "graph-panel-memory memory-status-" + memory.status });
    var head = node("p", {});
    head.appendChild(node("span", { "class": "memory-type memory-type-" + memory.memory_type }, memory.memory_type));
    head.appendChild(node("span", { "class": "memory-status memory-status-" + memory.status }, memory.status));
    if (memory.pinned) { head.appendChild(node("span", { title: "pinned: never decays" }, " 📌")); }
    head.appendChild(node("span", { "class": "graph-panel-meta" },
      " " + memory.created_at.slice(0, 10) + " · importance " + memory.importance + " · " + memory.source));
    item.appendChild(head);
    item.appendChild(node("p", { "class": "graph-panel-content" }, memory.content));
    item.appendChild(sourcesPart(memory, urls));
    item.appendChild(actionsPart(memory, urls));
    return item;
  }

  function sourcesPart(memory, urls) {
    var sources = node("ul", { "class": "graph-panel-sources" });
    if (!memory.provenance.length) { sources.appendChild(node("li", {}, "No source message (" + memory.source + ")")); }
    memory.provenance.forEach(function (source) {
      var line = node("li", { "class": "graph-panel-source" });
      if (source.pk === null) {
        line.textContent = source.client_id + " (no longer in the ledger)";
      } else {
        var when = source.sent_at.slice(0, 16).replace("T", " ");
        line.appendChild(node("a", { href: urlFor(urls.message, source.pk), "class": "graph-panel-message" },
          source.role + " · " + when + " UTC"));
        line.appendChild(node("q", {}, source.excerpt));
      }
      sources.appendChild(line);
    });
    if (memory.more_sources) { sources.appendChild(node("li", {}, "and " + memory.more_sources + " older")); }
    return sources;
  }

  function actionsPart(memory, urls) {
    var actions = node("p", { "class": "graph-panel-actions" });
    actions.appendChild(node("a", { href: urlFor(urls.memory, memory.pk), "class": "graph-panel-edit" }, "Edit"));
    if (urls.csrf) {
      var form = node("form", { method: "post", action: urls.memories + "?contact__id__exact=" + urls.contact,
        "class": "rapport-inline-form" });
      var fields = [["csrfmiddlewaretoken", urls.csrf], ["action", memory.pinned ? "unpin" : "pin"], ["index", "0"],
        ["_selected_action", String(memory.pk)]];
      // and the page's own fields, so that staff come back here afterwards (not to the memory list)
      new URLSearchParams(urls.backToGraph).forEach(function (value, name) { fields.push([name, value]); });
      fields.forEach(function (field) {
        form.appendChild(node("input", { type: "hidden", name: field[0], value: field[1] }));
      });
      form.appendChild(node("button", { type: "submit", "class": "graph-panel-button" }, memory.pinned ? "Unpin" : "Pin"));
      actions.appendChild(form);
    }
    if (urls.canDelete) {
      actions.appendChild(node("a", { href: urlFor(urls.memoryDelete, memory.pk), "class": "deletelink" }, "Delete"));
    }
    return actions;
  }

  function tooltip(cy, container) {
    var tip = document.getElementById("graph-tooltip");
    cy.on("mouseover", "node", function (event) {
      var position = event.target.renderedPosition();
      tip.textContent = event.target.data("title");
      tip.style.left = position.x + 12 + "px";
      tip.style.top = position.y + 12 + "px";
      tip.hidden = false;
    });
    cy.on("mouseout", "node", function () { tip.hidden = true; });
    container.addEventListener("mouseleave", function () { tip.hidden = true; });
  }

  function render() {
    var container = document.getElementById("knowledge-graph");
    var data = document.getElementById("knowledge-graph-data");
    if (!container || !data || typeof cytoscape === "undefined") {
      return;
    }
    var drawing = JSON.parse(data.textContent);
    var csrf = document.querySelector("#graph-csrf [name=csrfmiddlewaretoken]");
    var urls = { memory: container.dataset.memoryUrl, memoryDelete: container.dataset.memoryDeleteUrl,
      memories: container.dataset.memoriesUrl, message: container.dataset.messageUrl,
      entity: container.dataset.entityUrl, contact: container.dataset.contact, csrf: csrf ? csrf.value : "",
      backToGraph: container.dataset.backToGraph || "",
      canDelete: container.dataset.canDelete === "true" };
    var cy = cytoscape({ container: container, style: STYLE, wheelSensitivity: 0.3, selectionType: "single",
      maxZoom: 4 });
    window.rapportGraph = cy;
    draw(cy, container, drawing.views[viewKey()]);
    cy.on("tap", "node", function (event) { showPanel(event.target, drawing, urls); });
    tooltip(cy, container);
    document.querySelectorAll(".rapport-graph-toggle").forEach(function (box) {
      box.addEventListener("change", function () {
        var selected = cy.$("node:selected").map(function (n) { return n.id(); });
        draw(cy, container, drawing.views[viewKey()]);
        selected.forEach(function (id) { cy.getElementById(id).select(); });
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
