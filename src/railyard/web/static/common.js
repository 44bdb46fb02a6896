// Small helpers shared by the pages (no framework, no build step).
"use strict";
function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined)
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  return node;
}
async function api(method, url, body, token) {
  const headers = {"accept": "application/json"};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers["authorization"] = "Bearer " + token;
  const resp = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  return {status: resp.status, ok: resp.ok, data};
}
function errorText(data) {
  return (data && data.error && data.error.message) || "The request failed.";
}
