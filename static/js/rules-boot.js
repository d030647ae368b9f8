// The rules page's last word when its module cannot run (offline on a first visit, a file
// missing from the cache): a classic script, so it runs even when the module graph fails.
// It says so in words in both languages instead of leaving "Loading…" on screen.
(function () {
  "use strict";
  var TEXT = {
    ja: "ルール資料を読み込めませんでした。オフラインで、このページをまだ一度も開いていない可能性があります。接続してから再読み込みしてください。",
    en: "The rules reference could not be loaded. You may be offline and have not opened it before: connect and reload the page.",
  };
  var shown = false;
  function fail() {
    if (shown || document.documentElement.dataset.rules) return;
    shown = true;
    document.documentElement.dataset.rules = "failed";
    var main = document.getElementById("rules");
    if (!main) return;
    main.replaceChildren();
    ["ja", "en"].forEach(function (code) {
      var p = document.createElement("p");
      p.className = "bad rules-failed";
      p.lang = code;
      p.textContent = TEXT[code];
      main.append(p);
    });
  }
  // a module script (or one it imports) that fails to load fires "error" on its element
  document.addEventListener("error", function (e) {
    if (e.target && e.target.tagName === "SCRIPT") fail();
  }, true);
  window.kassenRulesFailed = fail;
  window.addEventListener("load", function () {
    setTimeout(function () { if (!document.documentElement.dataset.rules) fail(); }, 8000);
  });
})();
