// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The registry of families (core/model/familyregistry.h): every family is found by
// each of its model_type names, familyNames() and the "unsupported
// model_type" message list each family once in the registry's order, an
// unknown model_type is refused with today's one-line message, and the
// table of tests/data/make_decoder_fixtures.py (with the GPT-2 and BERT
// checkpoints of make_model_fixtures.py) has a checkpoint of every family
// and of no other.

#include "core/model/familydescription.h"
#include "io/modelcheckpoint.h"
#include "io/readerror.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace AttentionLab;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(AttentionLab::ModelFamily)

namespace {

/// The families' model_type names, in the registry's order.
QStringList registeredModelTypes()
{
    QStringList names;
    for (ModelFamily family : modelFamilies())
        for (const std::string &name : familyDescription(family).modelTypes())
            names << QString::fromStdString(name);
    return names;
}

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(file.readAll());
}

/// The model_type names of the checkpoints in the fixture script's table:
/// llama_config("NAME" ...), gemma_config("NAME" ...) and "model_type": "NAME" from \a from on.
QSet<QString> fixtureModelTypes(const QString &script, const QString &from)
{
    const QString text = readText(script);
    const qsizetype start = from.isEmpty() ? 0 : text.indexOf(from);
    if (start < 0)
        return {};
    static const QRegularExpression pattern(QStringLiteral(
        "(?:llama_config\\(|gemma_config\\(|bart_family_config\\(|\"model_type\":\\s*)"
        "\"([a-z0-9_]+)\""));
    QSet<QString> names;
    for (const QRegularExpressionMatch &match : pattern.globalMatch(text.mid(start)))
        names.insert(match.captured(1));
    return names;
}

} // namespace

class TestFamilyRegistry : public QObject
{
    Q_OBJECT

private slots:
    void foundByEachModelType_data();
    void foundByEachModelType();
    void registryOrder();
    void familyNamesListEachOnce();
    void namesAreUnique();
    void unknownModelTypeRefused_data();
    void unknownModelTypeRefused();
    void fixtureTableMatchesRegistry();
};

void TestFamilyRegistry::foundByEachModelType_data()
{
    QTest::addColumn<ModelFamily>("family");
    QTest::addColumn<QString>("modelType");
    for (ModelFamily family : modelFamilies()) {
        const FamilyDescription &description = familyDescription(family);
        for (const std::string &name : description.modelTypes())
            QTest::addRow("%s: %s", description.displayName.c_str(), name.c_str())
                << family << QString::fromStdString(name);
    }
}

void TestFamilyRegistry::foundByEachModelType()
{
    QFETCH(ModelFamily, family);
    QFETCH(QString, modelType);
    ModelFamily found = family == ModelFamily::Gpt2 ? ModelFamily::Bert : ModelFamily::Gpt2;
    QVERIFY(findModelFamily(modelType.toStdString(), &found));
    QCOMPARE(found, family);
    QCOMPARE(&familyDescription(found), &familyDescription(family));
    QCOMPARE(familyDescription(found).family, family);
}

void TestFamilyRegistry::registryOrder()
{
    // ModelFamily's values are the registry's lines, in order, each once.
    const std::vector<ModelFamily> &families = modelFamilies();
    QVERIFY(!families.empty());
    for (size_t i = 0; i < families.size(); ++i)
        QCOMPARE(int(families[i]), int(i));
}

void TestFamilyRegistry::familyNamesListEachOnce()
{
    const QString names = QString::fromStdString(familyNames());
    QVERIFY(!names.contains(QLatin1Char('\n')));
    // "A, B, ... and Z": split back into the display names, in registry order.
    QStringList listed = names.split(QStringLiteral(", "));
    const QStringList last = listed.takeLast().split(QStringLiteral(" and "));
    listed << last;
    QStringList expected;
    for (ModelFamily family : modelFamilies())
        expected << QString::fromStdString(familyDescription(family).displayName);
    QCOMPARE(listed, expected);
    QCOMPARE(QSet<QString>(listed.begin(), listed.end()).size(), listed.size());
}

void TestFamilyRegistry::namesAreUnique()
{
    // No model_type, display name or checkpoint name belongs to two families:
    // a family copied from another (as Qwen3 from Llama) renames each.
    QStringList modelTypes = registeredModelTypes();
    QStringList displayNames;
    QStringList checkpointNames;
    for (ModelFamily family : modelFamilies()) {
        const FamilyDescription &description = familyDescription(family);
        displayNames << QString::fromStdString(description.displayName);
        for (const std::string &name : description.checkpointNames())
            checkpointNames << QString::fromStdString(name);
    }
    for (const QStringList *names : {&modelTypes, &displayNames, &checkpointNames})
        QVERIFY2(QSet<QString>(names->begin(), names->end()).size() == names->size(),
                 qPrintable(names->join(QStringLiteral(", "))));
}

void TestFamilyRegistry::unknownModelTypeRefused_data()
{
    QTest::addColumn<QString>("modelType");
    QTest::newRow("another family") << u"mamba"_s;
    QTest::newRow("a model_type in capitals") << u"LLAMA"_s;
    QTest::newRow("a display name") << u"GPT-2"_s;
    QTest::newRow("empty") << QString();
}

void TestFamilyRegistry::unknownModelTypeRefused()
{
    QFETCH(QString, modelType);
    ModelFamily family = ModelFamily::Bert;
    QVERIFY(!findModelFamily(modelType.toStdString(), &family));
    QCOMPARE(family, ModelFamily::Bert);

    // The message of io/checkpointconfig.cpp, as tests/io/tst_decoderforward.cpp
    // expects it for "mamba": every model_type, quoted, in registry order.
    QStringList quoted;
    for (ModelFamily known : modelFamilies())
        quoted << u"\""_s + QString::fromStdString(familyDescription(known).modelType) + u"\""_s;
    const QString last = quoted.takeLast();
    const QString list = quoted.isEmpty()
                             ? last
                             : quoted.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
    QCOMPARE(QString::fromStdString(supportedModelTypes()), list);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString config = dir.filePath(QStringLiteral("config.json"));
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral("{\"model_type\": \"%1\"}").arg(modelType).toUtf8());
    file.close();
    try {
        ModelCheckpoint::open(dir.path());
        QFAIL("an unknown model_type was taken");
    } catch (const ReadError &error) {
        QCOMPARE(error.message, QDir::toNativeSeparators(config) + u": has the model_type \""_s +
                                    modelType + u"\"; Attention Lab runs "_s + list +
                                    u" checkpoints"_s);
        QVERIFY(!error.message.contains(QLatin1Char('\n')));
    }
}

void TestFamilyRegistry::fixtureTableMatchesRegistry()
{
    // The decoders' table is main()'s; GPT-2 and BERT have their own script.
    const QString data = QStringLiteral(TEST_DATA_DIR);
    const QSet<QString> decoders =
        fixtureModelTypes(data + u"/make_decoder_fixtures.py"_s, u"def main():"_s);
    const QSet<QString> others = fixtureModelTypes(data + u"/make_model_fixtures.py"_s, {});
    const QSet<QString> encoderDecoders =
        fixtureModelTypes(data + u"/make_seq2seq_fixtures.py"_s, {});
    QVERIFY(!decoders.isEmpty());
    QVERIFY(!others.isEmpty());
    QVERIFY(!encoderDecoders.isEmpty());
    QVERIFY2(!decoders.intersects(others), "a family in both scripts");
    QVERIFY2(!encoderDecoders.intersects(decoders + others), "a family in two scripts");
    QSet<QString> fixtures = decoders + others + encoderDecoders;
    const QStringList registered = registeredModelTypes();
    QSet<QString> expected(registered.begin(), registered.end());
    QStringList missing = (expected - fixtures).values();
    QStringList extra = (fixtures - expected).values();
    std::sort(missing.begin(), missing.end());
    std::sort(extra.begin(), extra.end());
    QVERIFY2(missing.isEmpty(), qPrintable(u"no fixture for "_s + missing.join(u", "_s)));
    QVERIFY2(extra.isEmpty(), qPrintable(u"fixtures of no family: "_s + extra.join(u", "_s)));
}

QTEST_APPLESS_MAIN(TestFamilyRegistry)
#include "tst_familyregistry.moc"
