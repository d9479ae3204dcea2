// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 The Attention Lab authors

#pragma once

// A paint device that keeps every text drawn on it with its font's pixel
// size: what a widget paints by hand (a lab's canvas, a figure) can then be
// asked how large its numbers and notes are, as a hall would see them.
// widget->render(&recorder) paints the widget at its own size.

#include <QFontInfo>
#include <QList>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QPointF>
#include <QSize>
#include <QString>
#include <QTextItem>

#include <cmath>
#include <memory>

class TextRecorder : public QPaintDevice
{
public:
    struct Text
    {
        QString text;
        double pixelSize = 0.0;
        QPointF position; ///< the start of its baseline, on the device
    };

    explicit TextRecorder(const QSize &size) : m_size(size), m_engine(new Engine(this)) {}
    ~TextRecorder() override = default;

    QPaintEngine *paintEngine() const override { return m_engine.get(); }
    const QList<Text> &texts() const { return m_texts; }
    /// The pixel size of the first text that is exactly \a text, or 0.
    double pixelSizeOf(const QString &text) const
    {
        for (const Text &t : m_texts)
            if (t.text == text)
                return t.pixelSize;
        return 0.0;
    }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth:
            return m_size.width();
        case PdmHeight:
            return m_size.height();
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDepth:
            return 32;
        case PdmNumColors:
            return 1 << 24;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return int(devicePixelRatioFScale());
        case PdmWidthMM:
            return m_size.width() * 254 / 960;
        case PdmHeightMM:
            return m_size.height() * 254 / 960;
        default:
            return 0;
        }
    }

private:
    class Engine : public QPaintEngine
    {
    public:
        explicit Engine(TextRecorder *owner) : QPaintEngine(AllFeatures), m_owner(owner) {}
        bool begin(QPaintDevice *) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState &) override {}
        // Everything but text is drawn nowhere.
        void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}
        void drawImage(const QRectF &, const QImage &, const QRectF &,
                       Qt::ImageConversionFlags) override
        {
        }
        void drawTiledPixmap(const QRectF &, const QPixmap &, const QPointF &) override {}
        void drawPath(const QPainterPath &) override {}
        void drawPolygon(const QPointF *, int, PolygonDrawMode) override {}
        void drawPolygon(const QPoint *, int, PolygonDrawMode) override {}
        void drawRects(const QRectF *, int) override {}
        void drawRects(const QRect *, int) override {}
        void drawLines(const QLineF *, int) override {}
        void drawLines(const QLine *, int) override {}
        void drawEllipse(const QRectF &) override {}
        void drawEllipse(const QRect &) override {}
        void drawPoints(const QPointF *, int) override {}
        void drawPoints(const QPoint *, int) override {}
        void drawTextItem(const QPointF &p, const QTextItem &item) override
        {
            // The size on the device: the font's pixel size through the painter's scale.
            const double scale =
                painter() ? std::sqrt(std::abs(painter()->transform().determinant())) : 1.0;
            const QFont font = item.font();
            const double pixels =
                font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96.0 / 72.0;
            const QPointF position = painter() ? painter()->deviceTransform().map(p) : p;
            m_owner->m_texts.append({item.text(), pixels * scale, position});
        }
        Type type() const override { return User; }

    private:
        TextRecorder *m_owner;
    };

    QSize m_size;
    std::unique_ptr<Engine> m_engine;
    QList<Text> m_texts;
};
