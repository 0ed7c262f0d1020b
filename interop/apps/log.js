// What both test hosts share: the host log (#log), which the browser test
// reads, one JSON entry per line, and the model's arguments from the page's
// query (`input=JSON`, none unless given).
const list = document.getElementById("log");

export function log(kind, data) {
  const item = document.createElement("li");
  item.dataset.kind = kind;
  item.textContent = JSON.stringify(data);
  list.appendChild(item);
}

export function modelArguments(query) {
  return query.has("input") ? JSON.parse(query.get("input")) : {};
}
