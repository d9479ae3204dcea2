// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

// The chapter's sections: --one, --select, --scale, --mask, --params, --cost.

#include "app/chapterreports.h"
#include "app/commandoutput.h"
#include "app/commandrequest.h"
#include "app/commandsettings.h"
#include "app/commandtable.h"
#include "core/maths/attentioncost.h"

#include <QJsonObject>

#include <cstdint>
#include <vector>

namespace AttentionLab {

namespace {

Report runSection(const QString &section, const CommandRequest &r)
{
    if (section == QLatin1String("one"))
        return ChapterReports::one();
    if (section == QLatin1String("select"))
        return ChapterReports::select();
    if (section == QLatin1String("scale"))
        return ChapterReports::scale(scaleSettings(r));
    if (section == QLatin1String("mask"))
        return ChapterReports::mask();
    if (section == QLatin1String("params"))
        return ChapterReports::params(transformerConfig(r));
    // cost
    std::vector<std::int64_t> lengths = CostDefaults::kLengths;
    if (r.values.contains(QStringLiteral("n"))) {
        lengths.clear();
        for (long long n : parseList(QStringLiteral("n"), r.values.value(QStringLiteral("n")), 1,
                                     CostDefaults::kMaxLength))
            lengths.push_back(n);
    }
    const long long d = r.values.contains(QStringLiteral("d"))
                            ? parseInteger(QStringLiteral("d"), r.values.value(QStringLiteral("d")),
                                           1, CostDefaults::kMaxKeyDim)
                            : CostDefaults::kKeyDim;
    return ChapterReports::cost(lengths, d);
}

} // namespace

int runSectionsCommand(const CommandRequest &r, const CommandContext &)
{
    if (r.sections.isEmpty()) {
        if (r.json)
            usageError(
                QStringLiteral("--json needs a section such as --one (see attention-lab --help)"));
        CommandOutput::write(CommandLine::usage());
        return 0;
    }
    QJsonObject combined;
    QStringList texts;
    for (const QString &section : r.sections) {
        Report report = runSection(section, r);
        if (r.sections.size() == 1)
            combined = report.json;
        else
            combined.insert(section, report.json);
        texts << report.text;
    }
    if (r.json)
        CommandOutput::writeJson(combined);
    else
        CommandOutput::write(texts.join(QStringLiteral("\n\n")));
    return 0;
}

} // namespace AttentionLab
