#if NIO
import Testing
import YAJLModel
import YAJLModelNIO

@Suite struct JSONMediaTypesTests {
    @Test func jsonIsApplicationJSONAndEveryPlusJSONType() {
        for type in ["application/json", "APPLICATION/JSON", "application/json;charset=utf-8", " application/json ; charset=utf-8",
            "application/vnd.api+json", "application/problem+json", "application/ld+json; profile=x"] {
            #expect(JSONMediaTypes.json.contains(contentType: type), "\(type)")
        }
        for type in ["", "text/plain", "text/json", "application/jsonp", "application/+json", "application/x-ndjson",
            "application/json-seq", "application/vnd.api+json2", "text/vnd.api+json", "application/a/b+json", "application/*+json"] {
            #expect(!JSONMediaTypes.json.contains(contentType: type), "\(type)")
        }
        #expect(JSONMediaTypes.jsonLines.contains(contentType: "application/x-ndjson; charset=utf-8"))
        #expect(!JSONMediaTypes.jsonLines.contains(contentType: "application/json"))
        #expect(JSONMediaTypes(["application/x-ndjson", "application/jsonl"]).contains(contentType: "application/jsonl"))
    }

    @Test func onlyARequestWithABodyOrATypeIsChecked() throws {
        let json = JSONMediaTypes.json
        #expect(json.unsupportedContentTypeResponse(contentType: "application/json", method: "POST", contentLength: "10") == nil)
        // No type and no body: a GET, or an empty POST.
        #expect(json.unsupportedContentTypeResponse(contentType: nil, method: "GET", contentLength: nil) == nil)
        #expect(json.unsupportedContentTypeResponse(contentType: nil, method: "POST", contentLength: "0") == nil)
        // A body without a type, or a type that is not JSON.
        let untyped = try #require(json.unsupportedContentTypeResponse(contentType: nil, method: "POST", contentLength: nil))
        #expect(untyped.statusCode == 415)
        #expect(untyped.bodyText == #"{"error":{"message":"no Content-Type: expected application/json or application/*+json","accepted":["application/json","application/*+json"]}}"#)
        #expect(json.unsupportedContentTypeResponse(contentType: nil, method: "GET", contentLength: "5")?.statusCode == 415)
        #expect(json.unsupportedContentTypeResponse(contentType: "text/plain", method: "GET", contentLength: nil)?.statusCode == 415)
    }

    @Test func aBodyOverALimitIs413WithTheLimit() {
        let answer = JSONErrorResponse.contentTooLarge(limit: 2048)
        #expect(answer.statusCode == 413)
        #expect(answer.bodyText == #"{"error":{"message":"the request body is larger than the limit of 2048 bytes","limit":2048}}"#)
    }
}
#endif
