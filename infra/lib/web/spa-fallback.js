// CloudFront Function (cloudfront-js-2.0) on the default (S3) behaviour only, so /api/* never reaches it:
// a client route such as /sessions/42 has no file extension and gets the SPA's index.html, while a
// missing asset (/assets/x.js) stays a 404/403 from S3 instead of turning into HTML.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls the function named handler
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
