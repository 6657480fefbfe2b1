// CloudFront Function (cloudfront-js-2.0) on the default (S3) behaviour only, so /api/* never reaches it.
// A prerendered public page gets its own HTML (/about → /about/index.html); any other client route, such as
// /sessions/42, gets the bare SPA shell (spa.html), which renders it in the browser. A path with a file
// extension is left alone, so a missing asset stays a 404/403 from S3 instead of turning into HTML.
// PRERENDERED is replaced at synth time with the shared list of public pages.
var PRERENDERED = ['/'];

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls the function named handler
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') !== -1) return request;
  var path = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  if (PRERENDERED.indexOf(path) !== -1) {
    request.uri = path === '/' ? '/index.html' : path + '/index.html';
  } else {
    request.uri = '/spa.html';
  }
  return request;
}
