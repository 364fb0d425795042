/* The public pages (issue 27): "use my position" fills latitude and longitude from the browser's
   geolocation (asked only on a click; nothing is sent anywhere until the form is). Without
   JavaScript the fields are typed by hand. */
document.addEventListener("click", function (ev) {
  var button = ev.target.closest("button[data-position-for]");
  if (!button || !navigator.geolocation) return;
  ev.preventDefault();
  var prefix = button.getAttribute("data-position-for");
  navigator.geolocation.getCurrentPosition(function (p) {
    document.getElementById(prefix + "-lat").value = p.coords.latitude.toFixed(5);
    document.getElementById(prefix + "-lon").value = p.coords.longitude.toFixed(5);
  });
});
