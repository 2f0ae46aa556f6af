/* rlbook exercise progress in the sidebar (docs/exercises.md), on a page with exercises
   (imported by exercises.js): a lesson's link (data-exercises: how many, data-progress: the
   key exercises.js keeps their progress under in localStorage) is marked once all are
   passed, again on each "rlbook:progress". */
function mark() {
  document.querySelectorAll("#sidebar a[data-progress]").forEach(function (a) {
    var done = 0, m = a.querySelector(".exercises-done");
    try {
      var s = JSON.parse(localStorage.getItem("rlbook-exercises:" + a.dataset.progress)) || {};
      for (var k in s) if (s[k].passed) done++;
    } catch (e) { /* no storage: nothing marked */ }
    if (done < a.dataset.exercises) return m && m.remove();
    if (m) return;
    m = document.createElement("span");
    m.className = "exercises-done";
    m.setAttribute("role", "img");
    m.setAttribute("aria-label", "exercises done");
    m.style.color = "var(--tip)";
    m.textContent = " ✓";
    a.append(m);
  });
}
mark();
document.addEventListener("rlbook:progress", mark);
