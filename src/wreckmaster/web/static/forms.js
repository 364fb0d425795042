// A select marked data-submit-on-change submits its form (the language switch). A file of its
// own, not an inline handler: the Content-Security-Policy allows scripts from 'self' only.
document.addEventListener("change", function (e) {
  if (e.target.matches && e.target.matches("select[data-submit-on-change]") && e.target.form) {
    e.target.form.submit();
  }
});
