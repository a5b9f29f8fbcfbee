// The review app's file chooser (widgets/review.py RecordFile): a file's size is looked at before it is read.
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "dn-file";
  const input = document.createElement("input");
  input.type = "file";
  input.accept = model.get("accept");
  const text = document.createElement("span");
  text.textContent = model.get("description");
  label.append(text, input);
  el.append(label);
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    input.value = "";                       // choosing the same file again is a change too
    if (file.size > model.get("max_bytes")) {
      model.send({ event: "too-big", name: file.name, size: file.size });
      return;
    }
    const data = await file.arrayBuffer();
    model.send({ event: "file", name: file.name, size: file.size }, undefined, [data]);
  });
}
export default { render };
