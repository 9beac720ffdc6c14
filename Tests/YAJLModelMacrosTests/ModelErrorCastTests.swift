import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct CastProbe {
    var id: Int
    var name: String
}

/// Reads a model the way client code does: generic over the type, errors rethrown.
@inline(never)
func readModel<Model: JSONModel>(_ type: Model.Type, from text: String) throws -> Model {
    try Model(parsing: text)
}

/// Client code catches a thrown `JSONModelError` and casts it with `as?`. A release build of
/// such a client once crashed on the inlined cast; CI runs this suite built with `-c release`.
@Suite("Model errors caught and cast, as client code does")
struct ModelErrorCastTests {
    @Test func thrownModelErrorsCastBackInALoop() {
        var cast = 0
        for index in 0..<2_000 {
            let text = index.isMultiple(of: 2) ? #"{"id": "x\#(index)"}"# : #"{"id": \#(index), "name": 7"#
            do {
                _ = try readModel(CastProbe.self, from: text)
                Issue.record("\(text) was accepted")
            } catch {
                guard let modelError = error as? JSONModelError else {
                    Issue.record("\(type(of: error)) is not a JSONModelError")
                    continue
                }
                #expect((error as? JSONError) == nil)
                if index.isMultiple(of: 2) {
                    #expect(modelError.issues.map(\.path) == ["id", "name"])
                } else if case .invalidJSON(let syntax)? = modelError.issues.first?.reason {
                    #expect(syntax.offset == text.utf8.count)  // the text ends inside the object
                } else {
                    Issue.record("\(modelError) is not an invalid-JSON error")
                }
                cast += 1
            }
        }
        #expect(cast == 2_000)
    }

    @Test func typedCatchClausesMatch() {
        for index in 0..<500 {
            do {
                _ = try readModel(CastProbe.self, from: #"{"id": \#(index)}"#)
            } catch let error as JSONModelError {
                #expect(error.missingKeys == ["name"])
            } catch {
                Issue.record("caught \(error) as another type")
            }
        }
    }
}
