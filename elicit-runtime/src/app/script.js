// The app's script: connects to the host over the MCP Apps protocol
// (JSON-RPC 2.0 over postMessage), applies the host's theme, checks the
// form with the server's rules and words, calls the tool with the form as
// its arguments through the host, shows the server's refusals next to
// their fields, and tells the host when the user declines or cancels.
// It sends nothing anywhere but to the window that framed it.
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("elicit-app").textContent);
  var form = document.querySelector("form");
  var main = document.getElementById("main");
  var status = document.getElementById("elicit-status");
  var host = window.parent;
  var nextId = 1;
  var pending = {};
  var busy = false;
  var done = false;
  var hostCapabilities = {};
  // The token the tool's result gave the app (in its `_meta`, which hosts
  // hand to the app, not the model): sent back with the user's answers, it
  // tells them from arguments anyone else wrote.
  var token = null;

  function keepToken(result) {
    var meta = result && result._meta && result._meta[config.tokenMeta];
    if (meta && typeof meta.token === "string") {
      token = meta.token;
    }
  }

  function send(message) {
    host.postMessage(message, "*");
  }

  function request(method, params) {
    var id = nextId++;
    send({ jsonrpc: "2.0", id: id, method: method, params: params });
    return new Promise(function (resolve, reject) {
      pending[id] = { resolve: resolve, reject: reject };
    });
  }

  function reply(id, result) {
    send({ jsonrpc: "2.0", id: id, result: result });
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source !== host || !data || data.jsonrpc !== "2.0") {
      return;
    }
    if (data.method === undefined) {
      var waiting = pending[data.id];
      if (waiting) {
        delete pending[data.id];
        if (data.error) {
          waiting.reject(data.error);
        } else {
          waiting.resolve(data.result);
        }
      }
      return;
    }
    switch (data.method) {
      case "ui/notifications/host-context-changed":
        applyContext(data.params);
        break;
      case "ui/notifications/tool-input":
        fill(data.params && data.params.arguments);
        break;
      case "ui/notifications/tool-result":
        showResult(data.params, false);
        break;
      case "ui/resource-teardown":
      case "ping":
        reply(data.id, {});
        break;
      default:
        if (data.id !== undefined) {
          send({ jsonrpc: "2.0", id: data.id, error: { code: -32601, message: "method not found" } });
        }
    }
  });

  // The host's theme and style variables; nothing that loads from anywhere.
  function applyContext(context) {
    if (!context || typeof context !== "object") {
      return;
    }
    var root = document.documentElement;
    if (context.theme === "light" || context.theme === "dark") {
      root.setAttribute("data-theme", context.theme);
    }
    var variables = context.styles && context.styles.variables;
    if (variables && typeof variables === "object") {
      Object.keys(variables).forEach(function (key) {
        var value = variables[key];
        if (/^--[a-z0-9-]+$/.test(key) && typeof value === "string" && !/url\s*\(|@import/i.test(value)) {
          root.style.setProperty(key, value);
        }
      });
    }
  }

  function controls(index) {
    var id = "field-" + index;
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.id === id || el.id.indexOf(id + "-") === 0;
    });
  }

  // The arguments the tool was called with fill the form.
  function fill(args) {
    if (!args || typeof args !== "object") {
      return;
    }
    config.fields.forEach(function (field, index) {
      if (!Object.prototype.hasOwnProperty.call(args, field.name)) {
        return;
      }
      var value = args[field.name];
      var els = controls(index);
      if (field.kind === "boolean") {
        els[0].checked = value === true;
      } else if (field.kind === "multi" || (field.kind === "enum" && els[0].type === "radio")) {
        var chosen = Array.isArray(value) ? value : [value];
        els.forEach(function (el) {
          el.checked = chosen.indexOf(el.value) !== -1;
        });
      } else if (typeof value === "string" || typeof value === "number") {
        els[0].value = String(value);
      }
    });
  }

  // What the field holds: `value` when answered, `bad` when the browser
  // cannot read a number out of it.
  function read(field, index) {
    var els = controls(index);
    var el = els[0];
    switch (field.kind) {
      case "boolean":
        return { value: el.checked };
      case "multi":
        var ticked = els.filter(function (e) { return e.checked; }).map(function (e) { return e.value; });
        return ticked.length || field.required ? { value: ticked } : {};
      case "enum":
        var picked = el.tagName === "SELECT" ? el.value : (els.filter(function (e) { return e.checked; })[0] || { value: "" }).value;
        return picked === "" ? {} : { value: picked };
      case "integer":
      case "number":
        if (el.validity.badInput) {
          return { bad: true };
        }
        return el.value === "" ? {} : { value: Number(el.value) };
      default:
        return el.value === "" ? {} : { value: el.value };
    }
  }

  // A message with the count where the server writes it, last.
  function counted(message, n) {
    var at = message.lastIndexOf("{n}");
    return message.slice(0, at) + n + message.slice(at + 3);
  }

  // The server's rules, in the server's words; the server checks again.
  function check(field, got) {
    var m = field.messages;
    if (got.bad) {
      return m.type;
    }
    if (!("value" in got)) {
      return field.required ? m.missing : null;
    }
    var value = got.value;
    if (typeof value === "number") {
      if (field.kind === "integer" && !Number.isInteger(value)) {
        return m.integer;
      }
      if (field.minimum !== undefined && value < field.minimum) {
        return m.low;
      }
      if (field.maximum !== undefined && value > field.maximum) {
        return m.high;
      }
    } else if (typeof value === "string") {
      var length = Array.from(value).length;
      if (field.minLength !== undefined && length < field.minLength) {
        return counted(m.short, length);
      }
      if (field.maxLength !== undefined && length > field.maxLength) {
        return counted(m.long, length);
      }
    } else if (Array.isArray(value)) {
      if (field.minItems !== undefined && value.length < field.minItems) {
        return counted(m.few, value.length);
      }
      if (field.maxItems !== undefined && value.length > field.maxItems) {
        return counted(m.many, value.length);
      }
    }
    return null;
  }

  function setStatus(words) {
    status.textContent = words;
  }

  function clearErrors() {
    Array.prototype.forEach.call(document.querySelectorAll(".error-summary, .error-message"), function (el) {
      el.remove();
    });
    Array.prototype.forEach.call(document.querySelectorAll(".invalid"), function (el) {
      el.classList.remove("invalid");
    });
    Array.prototype.forEach.call(document.querySelectorAll("[aria-invalid]"), function (el) {
      el.removeAttribute("aria-invalid");
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-described]"), function (el) {
      var before = el.getAttribute("data-described");
      if (before) {
        el.setAttribute("aria-describedby", before);
      } else {
        el.removeAttribute("aria-describedby");
      }
      el.removeAttribute("data-described");
    });
  }

  function describe(el, id) {
    var before = el.getAttribute("aria-describedby") || "";
    if (!el.hasAttribute("data-described")) {
      el.setAttribute("data-described", before);
    }
    if ((" " + before + " ").indexOf(" " + id + " ") === -1) {
      el.setAttribute("aria-describedby", (before + " " + id).trim());
    }
  }

  // Each message next to its field, and all of them in a summary on top.
  function showErrors(errors) {
    clearErrors();
    var summary = document.createElement("div");
    summary.className = "error-summary";
    summary.setAttribute("role", "alert");
    summary.setAttribute("aria-labelledby", "error-summary-title");
    summary.tabIndex = -1;
    var title = document.createElement("h2");
    title.id = "error-summary-title";
    title.textContent = "There is a problem";
    var list = document.createElement("ul");
    summary.appendChild(title);
    summary.appendChild(list);
    errors.forEach(function (error) {
      var item = document.createElement("li");
      list.appendChild(item);
      if (error.index === undefined) {
        item.textContent = error.text;
        return;
      }
      var link = document.createElement("a");
      link.href = "#field-" + error.index;
      link.textContent = error.text;
      item.appendChild(link);
      var els = controls(error.index);
      var wrapper = els[0].closest(".field");
      var id = "field-" + error.index + "-error";
      var message = document.getElementById(id);
      if (message) {
        message.appendChild(document.createElement("br"));
      } else {
        message = document.createElement("p");
        message.className = "error-message";
        message.id = id;
        var first = els[0].closest(".option") || els[0];
        first.parentNode.insertBefore(message, first);
      }
      var hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = "Error: ";
      message.appendChild(hidden);
      message.appendChild(document.createTextNode(error.text));
      wrapper.classList.add("invalid");
      if (wrapper.tagName === "FIELDSET") {
        describe(wrapper, id);
        els.forEach(function (el) {
          if (el.type === "checkbox") {
            el.setAttribute("aria-invalid", "true");
          }
        });
      } else {
        describe(els[0], id);
        els[0].setAttribute("aria-invalid", "true");
      }
    });
    main.insertBefore(summary, main.firstChild);
    summary.focus();
  }

  function words(result) {
    var content = (result && Array.isArray(result.content)) ? result.content : [];
    return content.filter(function (block) { return block && block.type === "text"; })
      .map(function (block) { return block.text; }).join("\n");
  }

  // A tool result: the server's refusal of the form, shown field by field;
  // else, for the app's own call, the answer, and the form is done.
  function showResult(result, own) {
    keepToken(result);
    var refused = result && result.structuredContent && result.structuredContent.invalidFields;
    if (!done && Array.isArray(refused) && refused.length) {
      var errors = refused.map(function (error) {
        for (var i = 0; i < config.fields.length; i++) {
          if (config.fields[i].name === error.field) {
            return { index: i, text: config.fields[i].label + " " + error.violation };
          }
        }
        return { text: error.field + " " + error.violation };
      });
      setStatus("");
      showErrors(errors);
      return;
    }
    if (!own) {
      return;
    }
    if (result && result.isError) {
      setStatus(words(result) || "The server refused the form");
      return;
    }
    var answer = words(result) || "Sent";
    finish(answer);
    // The model learns the answer with its next turn, where the host takes
    // context from apps.
    if (hostCapabilities.updateModelContext) {
      request("ui/update-model-context", {
        content: [{ type: "text", text: "action=accept: the user submitted the form \u201c" +
          config.message + "\u201d of `" + config.tool + "`: " + answer }]
      }).then(null, function () {});
    }
  }

  function finish(text) {
    done = true;
    clearErrors();
    Array.prototype.forEach.call(form.elements, function (el) {
      el.disabled = true;
    });
    setStatus(text);
  }

  function accept() {
    var args = {};
    var errors = [];
    config.fields.forEach(function (field, index) {
      var got = read(field, index);
      var problem = check(field, got);
      if (problem) {
        errors.push({ index: index, text: problem });
      } else if ("value" in got) {
        args[field.name] = got.value;
      }
    });
    if (errors.length) {
      showErrors(errors);
      return;
    }
    busy = true;
    setStatus("Sending\u2026");
    call(args, true);
  }

  // Calls the tool with the answers and the token; a server that answers
  // by showing the form again, with a token the app did not send, is
  // called once more with it.
  function call(args, retry) {
    var sent = token;
    var withToken = Object.assign({}, args);
    if (sent !== null) {
      withToken[config.tokenArgument] = sent;
    }
    request("tools/call", { name: config.tool, arguments: withToken }).then(function (result) {
      var shown = result && result.structuredContent && result.structuredContent.status === "shown_in_app";
      keepToken(result);
      if (shown && retry && token !== null && token !== sent) {
        call(args, false);
        return;
      }
      busy = false;
      if (shown) {
        setStatus("The server did not take the answers: send the form again");
        return;
      }
      showResult(result, true);
    }, function (error) {
      busy = false;
      setStatus("The host did not send the form: " + ((error && error.message) || "no reason given"));
    });
  }

  // Decline and cancel are said to the host, in the conversation.
  function refuse(action) {
    var what = action === "decline" ? "declined" : "cancelled";
    var text = "action=" + action + ": the user " + what + " the form \u201c" + config.message +
      "\u201d of `" + config.tool + "`";
    busy = true;
    request("ui/message", { role: "user", content: [{ type: "text", text: text }] }).then(function () {
      busy = false;
      finish(action === "decline" ? "You declined." : "You cancelled.");
    }, function (error) {
      busy = false;
      setStatus("The host did not take the message: " + ((error && error.message) || "no reason given"));
    });
  }

  // The buttons act on their click, which a host's sandbox lets through
  // where it blocks form submission (a frame without `allow-forms`); Enter
  // in a field clicks the first button, Submit.
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !form.contains(button)) {
      return;
    }
    event.preventDefault();
    if (busy || done) {
      return;
    }
    if (button.value === "accept") {
      accept();
    } else {
      refuse(button.value);
    }
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
  });

  if (typeof ResizeObserver === "function") {
    var last = "";
    new ResizeObserver(function () {
      var size = { width: Math.ceil(document.documentElement.scrollWidth), height: Math.ceil(document.documentElement.scrollHeight) };
      var key = size.width + "x" + size.height;
      if (key !== last) {
        last = key;
        send({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: size });
      }
    }).observe(document.documentElement);
  }

  request("ui/initialize", {
    protocolVersion: config.protocolVersion,
    appInfo: { name: "elicit-form", version: config.version },
    appCapabilities: { availableDisplayModes: ["inline"] }
  }).then(function (result) {
    applyContext(result && result.hostContext);
    hostCapabilities = (result && result.hostCapabilities) || {};
    send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
  }, function (error) {
    setStatus("The host did not connect: " + ((error && error.message) || "no reason given"));
  });
})();
