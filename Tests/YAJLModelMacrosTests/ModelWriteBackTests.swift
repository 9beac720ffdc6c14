import Foundation
import Testing
import YAJLModelMacros

@JSONModel
struct WriteBackDatabase {
    var host: String
    var port: Int
    @JSONKey("ssl_mode") var sslMode: String?
}

@JSONModel
struct WriteBackConfig {
    var database: WriteBackDatabase
    var replicas: [String]
    var zones: JSONArray<String>
}

/// A model read from a file writes the file back as it was, and an edited one keeps the text
/// around its root and the spacing of the containers it adds to.
@Suite("Models write back their file's formatting")
struct ModelWriteBackTests {
    static let config = """

        {
          "database": {
            "host": "db.internal",
            "port": 5432
          },
          "replicas": [ "a", "b" ],
          "zones": [ "x" ]
        }

        """

    @Test func anUnchangedModelWritesItsWholeInput() throws {
        let config = try WriteBackConfig(parsing: Self.config)
        #expect(config.jsonString() == Self.config)
        #expect(config.jsonData() == Data(Self.config.utf8))
        let fromData = try WriteBackConfig(parsing: Data(Self.config.utf8))
        #expect(fromData.jsonData() == Data(Self.config.utf8))
        let fromDocument = try WriteBackConfig(json: JSONDocument(parsing: Self.config).root)
        #expect(fromDocument.jsonString() == Self.config)
        // A model read from a value inside a document writes that value's text alone.
        #expect(config.database.jsonString() == "{\n    \"host\": \"db.internal\",\n    \"port\": 5432\n  }")
        // Options re-encode the value alone.
        #expect(config.jsonString(options: .sortedKeys).hasPrefix("{"))
    }

    @Test func anEditedModelKeepsTheTextAroundItsRootAndItsSpacing() throws {
        var config = try WriteBackConfig(parsing: Self.config)
        config.database.sslMode = "require"
        let expected = Self.config.replacingOccurrences(of: "5432\n", with: "5432,\n    \"ssl_mode\": \"require\"\n")
        #expect(config.jsonString() == expected)
        #expect(config.jsonData() == Data(expected.utf8))
    }

    @Test func anArrayPropertyKeepsItsInnerSpacesWhenAnElementIsAdded() throws {
        var config = try WriteBackConfig(parsing: Self.config)
        config.replicas.append("c")
        config.zones.append("y")
        #expect(
            config.jsonString() == Self.config.replacingOccurrences(of: #"[ "a", "b" ]"#, with: #"[ "a", "b", "c" ]"#)
                .replacingOccurrences(of: #"[ "x" ]"#, with: #"[ "x", "y" ]"#))
        #expect(try WriteBackConfig(parsing: config.jsonString()) == config)
    }

    @Test func aSpacedOneLineModelGetsSpacedNewKeys() throws {
        var database = try WriteBackDatabase(parsing: #"{"host": "h", "port": 1}"#)
        database.sslMode = "disable"
        #expect(database.jsonString() == #"{"host": "h", "port": 1, "ssl_mode": "disable"}"#)
        var compact = try WriteBackDatabase(parsing: #"{"host":"h","port":1}"#)
        compact.sslMode = "disable"
        #expect(compact.jsonString() == #"{"host":"h","port":1,"ssl_mode":"disable"}"#)
    }
}
