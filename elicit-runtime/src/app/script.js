// The app's script. It speaks either bridge a host offers: the OpenAI Apps
// SDK's `window.openai` where the host provides it (ChatGPT, MCPJam
// Inspector), else the MCP Apps protocol (JSON-RPC 2.0 over postMessage
// with the window that framed the app). It fills the form from the tool's
// input, or from what the user typed in an earlier rendering (the host's
// widget state), checks it with the server's rules and words, calls the
// tool with the answers and the token the server gave the app, shows the
// server's refusals next to their fields, tells the conversation when the
// user declines or cancels, and says so when the host does not answer.
// It sends nothing anywhere but to the host.
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("elicit-app").textContent);
  var form = document.querySelector("form");
  var main = document.getElementById("main");
  var status = document.getElementById("elicit-status");
  // The bridge the app speaks, once it has one: `mcpAppsBridge` or
  // `openAiBridge`.
  var bridge = null;
  var busy = false;
  var done = false;
  var doneText = null;
  // Whether the user changed the form, and whether it holds what the user
  // typed in an earlier rendering: either way the tool's input fills nothing.
  var touched = false;
  var restored = false;
  // The token the tool's result gave the app (in its `_meta`, which hosts
  // hand to the app, not the model): sent back with the user's answers, it
  // tells them from arguments anyone else wrote. Never kept anywhere else.
  var token = null;

  function keepToken(result) {
    var meta = result && result._meta && result._meta[config.tokenMeta];
    if (meta && typeof meta.token === "string") {
      token = meta.token;
    }
  }

  function reason(error) {
    return (error && error.message) || "no reason given";
  }

  // ---------------------------------------------------------------------
  // MCP Apps: JSON-RPC with the window that framed the app.

  var host = window.parent;
  // The host's origin, where the browser tells it, else the first
  // message's: messages name it, and those from elsewhere are ignored.
  var hostOrigin = framingOrigin();
  var nextId = 1;
  var pending = {};
  var hostCapabilities = {};
  var connectTimer = null;

  function framingOrigin() {
    var ancestors = window.location.ancestorOrigins;
    if (ancestors && ancestors.length) {
      return ancestors[0];
    }
    try {
      return document.referrer ? new URL(document.referrer).origin : null;
    } catch (error) {
      return null;
    }
  }

  // Before the host's origin is known (only `ui/initialize` and the app's
  // size go then), and for a host of opaque origin, `*` is the only name a
  // browser takes.
  function send(message) {
    host.postMessage(message, hostOrigin && hostOrigin !== "null" ? hostOrigin : "*");
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
    if (hostOrigin === null) {
      hostOrigin = event.origin;
    } else if (event.origin !== hostOrigin) {
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
        fillInput(data.params && data.params.arguments);
        break;
      case "ui/notifications/tool-result":
        keepToken(data.params);
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

  var mcpAppsBridge = {
    call: function (args) {
      return request("tools/call", { name: config.tool, arguments: args });
    },
    say: function (text) {
      return request("ui/message", { role: "user", content: [{ type: "text", text: text }] });
    },
    // The model learns the answer with its next turn, where the host takes
    // context from apps.
    tell: function (text) {
      if (hostCapabilities.updateModelContext) {
        request("ui/update-model-context", { content: [{ type: "text", text: text }] })
          .then(null, function () {});
      }
    }
  };

  function connect() {
    clearTimeout(connectTimer);
    connectTimer = setTimeout(function () {
      if (!bridge) {
        stuck("The host has not answered the app for " + seconds() + " seconds, so the form " +
          "cannot be sent from here.", answersToPaste, connect);
      }
    }, config.answerWithinMs);
    request("ui/initialize", {
      protocolVersion: config.protocolVersion,
      appInfo: { name: "elicit-form", version: config.version },
      appCapabilities: { availableDisplayModes: ["inline"] }
    }).then(function (result) {
      clearTimeout(connectTimer);
      if (bridge) {
        return;
      }
      bridge = mcpAppsBridge;
      unstuck();
      applyContext(result && result.hostContext);
      hostCapabilities = (result && result.hostCapabilities) || {};
      send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} });
    }, function (error) {
      clearTimeout(connectTimer);
      if (!bridge) {
        setStatus("The host did not connect: " + reason(error));
      }
    });
  }

  // ---------------------------------------------------------------------
  // The OpenAI Apps SDK: the host's `window.openai`.

  function openAi() {
    var api = window.openai;
    return api && typeof api.callTool === "function" ? api : null;
  }

  var openAiBridge = {
    call: function (args) {
      return Promise.resolve(openAi().callTool(config.tool, args)).then(toolResult);
    },
    say: function (text) {
      return Promise.resolve(openAi().sendFollowUpMessage({ prompt: text }));
    },
    // The widget state, which the model sees, holds the answer.
    tell: function () {}
  };

  // What `callTool` answered: a tool result (`content`, `structuredContent`,
  // `_meta`, `isError`), or the older `{ result }`, the structured content
  // as JSON text.
  function toolResult(response) {
    if (!response || typeof response !== "object" || "content" in response ||
      "structuredContent" in response || typeof response.result !== "string") {
      return response;
    }
    try {
      var structured = JSON.parse(response.result);
      return { structuredContent: structured, content: [] };
    } catch (error) {
      return { content: [{ type: "text", text: response.result }] };
    }
  }

  // The OpenAI bridge, where the host provides it and the app is not
  // already connected over MCP Apps; its globals are read afresh.
  function useOpenAi() {
    if (bridge === null && openAi()) {
      bridge = openAiBridge;
      clearTimeout(connectTimer);
      unstuck();
    }
    if (bridge !== openAiBridge) {
      return false;
    }
    readGlobals();
    return true;
  }

  // The host's globals: its theme, the result's `_meta` (the token), the
  // widget state of an earlier rendering, and the tool's input.
  function readGlobals() {
    var api = openAi();
    if (!api) {
      return;
    }
    applyContext({ theme: api.theme });
    keepToken({ _meta: api.toolResponseMetadata });
    restore(api.widgetState);
    fillInput(api.toolInput);
  }

  // What the user typed, for the next rendering; never the token.
  var stateTimer = null;
  function keepState() {
    var api = bridge === openAiBridge && openAi();
    if (!api || typeof api.setWidgetState !== "function") {
      return;
    }
    clearTimeout(stateTimer);
    stateTimer = setTimeout(function () {
      var state = { form: config.tool, answers: typed() };
      if (done) {
        state.done = doneText;
      }
      Promise.resolve(api.setWidgetState(state)).then(null, function () {});
    }, done ? 0 : 250);
  }

  function restore(state) {
    if (restored || touched || !state || state.form !== config.tool ||
      !state.answers || typeof state.answers !== "object") {
      return;
    }
    restored = true;
    fill(state.answers);
    if (typeof state.done === "string") {
      finish(state.done);
    }
  }

  // ---------------------------------------------------------------------
  // The form.

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

  // The arguments the tool was called with fill the form, without a word
  // on what breaks the rules: that waits until the user submits.
  function fillInput(args) {
    if (!touched && !restored) {
      fill(args);
    }
  }

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

  // Every answer the form holds, checked or not.
  function typed() {
    var answers = {};
    config.fields.forEach(function (field, index) {
      var got = read(field, index);
      if ("value" in got) {
        answers[field.name] = got.value;
      }
    });
    return answers;
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

  // The result of the app's own call: the server's refusal of the form,
  // shown field by field; else the answer, and the form is done.
  function showResult(result) {
    var refused = result && result.structuredContent && result.structuredContent.invalidFields;
    if (Array.isArray(refused) && refused.length) {
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
    if (result && result.isError) {
      setStatus(words(result) || (typeof result.error === "string" && result.error) ||
        "The server refused the form");
      return;
    }
    var answer = words(result) || "Sent";
    finish(answer);
    bridge.tell("action=accept: the user submitted the form \u201c" + config.message + "\u201d of `" +
      config.tool + "`: " + answer);
  }

  function finish(text) {
    done = true;
    doneText = text;
    unstuck();
    clearErrors();
    Array.prototype.forEach.call(form.elements, function (el) {
      el.disabled = true;
    });
    setStatus(text);
    keepState();
  }

  // ---------------------------------------------------------------------
  // A host that does not answer: the user is told, and offered to try
  // again or to copy what the form holds, to paste into the chat.

  var panel = null;

  function seconds() {
    return Math.round(config.answerWithinMs / 1000);
  }

  function answersToPaste() {
    return {
      offer: "copy your answers and paste them into the chat",
      copy: "Copy your answers",
      label: "Your answers, to paste into the chat",
      text: "My answers to the form \u201c" + config.message + "\u201d of `" + config.tool +
        "`, as its arguments: " + JSON.stringify(typed())
    };
  }

  // `words`, and an offer: `retry()`, or copy what `paste()` gives.
  function stuck(words, paste, retry) {
    if (!panel) {
      panel = makePanel();
      status.parentNode.insertBefore(panel.box, status.nextSibling);
    }
    var offer = paste();
    setStatus(words + " You can try again, or " + offer.offer + ".");
    panel.copy.textContent = offer.copy;
    panel.label.textContent = offer.label;
    panel.text.value = offer.text;
    panel.paste = paste;
    panel.retry = retry;
    panel.box.hidden = false;
  }

  function unstuck() {
    if (panel && !panel.box.hidden) {
      panel.box.hidden = true;
      setStatus("");
    }
  }

  function makePanel() {
    var box = document.createElement("div");
    box.className = "stuck";
    box.innerHTML = '<div class="buttons"><button type="button" value="retry">Try again</button>' +
      '<button type="button" value="copy"></button></div><div class="field">' +
      '<label for="elicit-paste"></label><textarea id="elicit-paste" readonly rows="4"></textarea></div>';
    var made = {
      box: box,
      copy: box.querySelector("button[value=copy]"),
      label: box.querySelector("label"),
      text: box.querySelector("textarea"),
      paste: null,
      retry: null
    };
    box.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) {
        return;
      }
      if (button.value === "retry") {
        var retry = made.retry;
        unstuck();
        retry();
      } else {
        made.text.value = made.paste().text;
        copy(made.text);
      }
    });
    return made;
  }

  function copy(text) {
    text.focus();
    text.select();
    var copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (error) {
      copied = false;
    }
    setStatus(copied ? "Copied: paste it into the chat." :
      "The text below is selected: copy it, and paste it into the chat.");
  }

  // `promise`, told to the user when no answer comes within
  // `config.answerWithinMs`; an answer that comes later still counts.
  function answered(promise, retry, paste) {
    var timer = setTimeout(function () {
      if (done) {
        return;
      }
      busy = false;
      stuck("The host has not answered for " + seconds() + " seconds: it may not have " +
        "taken what you sent.", paste, retry);
    }, config.answerWithinMs);
    return promise.then(function (value) {
      clearTimeout(timer);
      unstuck();
      return value;
    }, function (error) {
      clearTimeout(timer);
      unstuck();
      throw error;
    });
  }

  // ---------------------------------------------------------------------
  // Submit, decline, cancel.

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
    if (!bridge && !useOpenAi()) {
      notConnected(answersToPaste);
      return;
    }
    busy = true;
    setStatus("Sending\u2026");
    call(args, true);
  }

  function notConnected(paste) {
    stuck("The host has not answered the app yet, so nothing can be sent from here.", paste, connect);
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
    var again = function () {
      busy = true;
      setStatus("Sending\u2026");
      call(args, retry);
    };
    answered(Promise.resolve().then(function () {
      return bridge.call(withToken);
    }), again, answersToPaste).then(function (result) {
      if (done) {
        return;
      }
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
      showResult(result);
    }, function (error) {
      if (done) {
        return;
      }
      busy = false;
      setStatus("The host did not send the form: " + reason(error));
    });
  }

  // Decline and cancel are said to the host, in the conversation.
  function refuse(action) {
    var what = action === "decline" ? "declined" : "cancelled";
    var text = "action=" + action + ": the user " + what + " the form \u201c" + config.message +
      "\u201d of `" + config.tool + "`";
    var paste = function () {
      return {
        offer: "copy the message and paste it into the chat",
        copy: "Copy the message",
        label: "The message, to paste into the chat",
        text: text
      };
    };
    if (!bridge && !useOpenAi()) {
      notConnected(paste);
      return;
    }
    busy = true;
    answered(Promise.resolve().then(function () {
      return bridge.say(text);
    }), function () {
      refuse(action);
    }, paste).then(function () {
      busy = false;
      if (!done) {
        finish(action === "decline" ? "You declined." : "You cancelled.");
      }
    }, function (error) {
      busy = false;
      if (!done) {
        setStatus("The host did not take the message: " + reason(error));
      }
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
  ["input", "change"].forEach(function (type) {
    form.addEventListener(type, function () {
      touched = true;
      keepState();
    });
  });

  if (typeof ResizeObserver === "function") {
    var last = "";
    new ResizeObserver(function () {
      var size = { width: Math.ceil(document.documentElement.scrollWidth), height: Math.ceil(document.documentElement.scrollHeight) };
      var key = size.width + "x" + size.height;
      if (key !== last && bridge !== openAiBridge) {
        last = key;
        send({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: size });
      }
    }).observe(document.documentElement);
  }

  // `window.openai` where the host provides it, now or with its first
  // `openai:set_globals` (and a host may set its globals just after the
  // document ran); else the MCP Apps protocol.
  window.addEventListener("openai:set_globals", useOpenAi);
  if (!useOpenAi()) {
    connect();
  }
  setTimeout(useOpenAi, 0);
})();
