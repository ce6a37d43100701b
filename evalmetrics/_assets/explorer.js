(function () {
var root = document.getElementById("${uid}");
var data = JSON.parse(root.querySelector("script.em-data").textContent);
var sliders = root.querySelectorAll("input.em-slider");
var shown = root.querySelectorAll("output.em-value");
var frame = root.querySelector("img.em-frame");
var readout = root.querySelector(".em-readout");
function show() {
  var index = 0;
  for (var i = 0; i < sliders.length; i++) {
    var position = Number(sliders[i].value);
    index += position * data.strides[i];
    shown[i].textContent = data.labels[i][position];
    sliders[i].setAttribute("aria-valuetext", data.labels[i][position]);
  }
  if (frame.getAttribute("src") !== data.frames[index]) { frame.src = data.frames[index]; }
  readout.innerHTML = data.readouts[index];
}
for (var i = 0; i < sliders.length; i++) { sliders[i].addEventListener("input", show); }
show();
})();
