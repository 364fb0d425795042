/* A position by a click on the map (issues 25, 27; web/pickmap.py). The <svg> the service draws
   carries its projection in data- attributes (geo/svgmap.Frame: equirectangular, x east, y down);
   a click, or the arrow keys and Enter on the focused map, becomes latitude and longitude by the
   inverse of the server's formula, written into the same field a person types into: degrees and
   minutes (35°08.082′ N 139°36.918′ E; a decimal comma in French) or decimal degrees into two
   fields. A file of its own: the Content-Security-Policy allows scripts from 'self' only. */
(function () {
  "use strict";

  function frame(svg) {
    var d = svg.dataset;
    return {west: +d.west, east: +d.east, south: +d.south, north: +d.north, width: +d.width, height: +d.height};
  }

  /* the inverse of Frame.px: the same expression as Frame.lonlat in geo/svgmap.py */
  function toLatLon(f, x, y) {
    return {lon: f.west + x * (f.east - f.west) / f.width, lat: f.north - y * (f.north - f.south) / f.height};
  }

  function dm(v, pos, neg, comma) {
    var h = v >= 0 ? pos : neg, a = Math.abs(v), d = Math.floor(a), m = Math.round((a - d) * 60000) / 1000;
    if (m >= 60) { d += 1; m -= 60; }
    var t = (m < 10 ? "0" : "") + m.toFixed(3);
    return d + "°" + (comma ? t.replace(".", ",") : t) + "′ " + h;
  }

  function written(box, p) {
    if (box.dataset.format === "dm") {
      var comma = box.dataset.lang === "fr";
      return dm(p.lat, "N", "S", comma) + " " + dm(p.lon, "E", "W", comma);
    }
    return p.lat.toFixed(5) + ", " + p.lon.toFixed(5);
  }

  function fill(id, value) {
    var field = document.getElementById(id);
    if (!field) return;
    field.value = value;
    field.dispatchEvent(new Event("input", {bubbles: true}));
    field.dispatchEvent(new Event("change", {bubbles: true}));
  }

  function move(box, x, y) {
    var svg = box.querySelector("svg"), f = frame(svg), marker = svg.querySelector(".pick-marker");
    box.pickX = Math.min(Math.max(x, 0), f.width);
    box.pickY = Math.min(Math.max(y, 0), f.height);
    marker.setAttribute("transform", "translate(" + box.pickX + "," + box.pickY + ")");
    marker.setAttribute("visibility", "visible");
    var p = toLatLon(f, box.pickX, box.pickY);
    document.getElementById(box.id + "-status").textContent = written(box, p);
    return p;
  }

  function write(box, p) {
    if (box.dataset.target) {
      fill(box.dataset.target, written(box, p));
    } else {
      fill(box.dataset.latField, p.lat.toFixed(5));
      fill(box.dataset.lonField, p.lon.toFixed(5));
    }
  }

  function start(box) {
    var svg = box.querySelector("svg"), marker = svg && svg.querySelector(".pick-marker");
    if (!marker) return;
    var m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(marker.getAttribute("transform") || "");
    box.pickX = m ? +m[1] : frame(svg).width / 2;
    box.pickY = m ? +m[2] : frame(svg).height / 2;
    box.hidden = false;
    var hint = document.getElementById(box.id + "-hint");
    if (hint) hint.hidden = false;
    box.addEventListener("click", function (ev) {
      var pt = svg.createSVGPoint();
      pt.x = ev.clientX;
      pt.y = ev.clientY;
      var at = pt.matrixTransform(svg.getScreenCTM().inverse());
      if (at.y > frame(svg).height) return;          // the legend under the map
      write(box, move(box, at.x, at.y));
    });
    box.addEventListener("keydown", function (ev) {
      var step = (ev.shiftKey ? 10 : 1) * frame(svg).width / 200;
      var d = {ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step]}[ev.key];
      if (d) {
        ev.preventDefault();
        move(box, box.pickX + d[0], box.pickY + d[1]);
      } else if (ev.key === "Enter") {
        ev.preventDefault();
        write(box, move(box, box.pickX, box.pickY));
      }
    });
  }

  window.wreckmasterPick = {toLatLon: toLatLon, dm: dm};
  document.querySelectorAll(".pick-map").forEach(start);
})();
