import Foundation
import Testing
import YAJLModel

/// What a person sees of an error or a view, however it is printed or logged.
@Suite struct ErrorDescriptionTests {
    @Test func aParseErrorSaysWhereWhateverPrintsIt() throws {
        let error = try #require(parseError("{\"a\": [1,\n 2}"))
        let expected = "syntax error at line 2, column 3 (byte 12)"
        #expect(error.localizedDescription.hasPrefix(expected))
        #expect((error as any Error).localizedDescription.hasPrefix(expected))
        #expect(error.debugDescription.hasPrefix("JSONError: " + expected))
        #expect(String(reflecting: error) == error.debugDescription)
        #expect(error.errorDescription == error.description)
    }

    @Test func aModelErrorGivesPathLineAndColumn() throws {
        let text = "[\"a\",\n  \"b\",\n  3]"
        let document = try JSONDocument(parsing: text)
        let error = try #require(#expect(throws: JSONModelError.self) { try JSONArray<String>(json: document.root) })
        let issue = try #require(error.issues.first)
        #expect(issue.path == "[2]" && issue.offset == 15)
        #expect(issue.location == JSONSourceLocation(offset: 15, line: 3, column: 3))
        #expect(error.localizedDescription == "[2]: expected string, found number at line 3, column 3 (byte 15)")
        #expect(error.debugDescription == "JSONModelError: " + error.description)
    }

    @Test func editAndConversionErrorsReadAsTheirDescriptions() throws {
        let edit = JSONEditError(.missingValue, pointer: "/a/b")
        #expect(edit.localizedDescription == #"JSON Pointer "/a/b": no value there"#)
        #expect(edit.debugDescription == "JSONEditError: " + edit.description)
        let conversion = JSONConversionError("expected a date")
        #expect((conversion as any Error).localizedDescription == "expected a date")
        #expect(String(reflecting: conversion) == "JSONConversionError: expected a date")
    }

    @Test func viewsPrintTheirContents() throws {
        let root = try JSONDocument(parsing: #"{"a": [1, "two", {"three": 3}], "b/c": {"d": null}}"#).root
        #expect("\(try #require(root.keys))" == #"["a", "b/c"]"#)
        #expect("\(try #require(root["a"]?.array))" == #"[1,"two",{"three":3}]"#)
        #expect("\(try #require(root["b/c"]?.object))" == #"{"d":null}"#)
        #expect(String(reflecting: try #require(root["a"]?.array)).hasPrefix("JSONValue(array, 3 elements"))
    }

    @Test func anEmptyLiteralStandsInForAMissingView() throws {
        let root = try JSONDocument(parsing: #"{"a": [1, 2]}"#).root
        let present: JSONArrayView = root["a"]?.array ?? []
        let missing: JSONArrayView = root["zz"]?.array ?? []
        #expect(present.count == 2 && missing.isEmpty)
        let object: JSONObjectView = root["zz"]?.object ?? [:]
        let keys: JSONObjectView.Keys = root["a"]?.keys ?? []
        #expect(object.isEmpty && keys.isEmpty && "\(keys)" == "[]" && "\(missing)" == "[]" && "\(object)" == "{}")
        var sum = 0
        for element in root["a"]?.array ?? [] { sum += element.int ?? 0 }
        #expect(sum == 3)
    }
}
